#!/usr/bin/env bash
# dist/Tute-<version>-<arch>.AppImage: one file that runs on most Linux systems.
#
#   bash installer/linux/make_appimage.sh              # uses $APPIMAGETOOL or appimagetool on PATH
#   bash installer/linux/make_appimage.sh --download   # fetches the pinned appimagetool first
#   bash installer/linux/make_appimage.sh --appdir-only  # only build/stage-appimage/Tute.AppDir
#
# The AppDir (what the AppImage is made from) is always built, and CI checks it
# (check_appdir.sh). Without appimagetool (an offline build) it says so and
# skips the AppImage: exit 0.
# The release workflow passes --download. appimagetool runs extracted
# (APPIMAGE_EXTRACT_AND_RUN), so FUSE is not needed on the build machine.
source "$(dirname "$0")/common.sh"

TOOL_VERSION="1.9.0"

appdir="$(stage_dir appimage)/Tute.AppDir"
mkdir -p "$appdir/usr/lib" "$appdir/usr/share/applications" "$appdir/usr/share/metainfo"
cp -a "$APP_DIR" "$appdir/usr/lib/tute"
cat > "$appdir/AppRun" <<'RUN'
#!/bin/sh
# The AppImage's entry point: start the one-folder build inside it.
here="$(dirname "$(readlink -f "$0")")"
exec "$here/usr/lib/tute/tute" "$@"
RUN
chmod 0755 "$appdir/AppRun"
cp "$DESKTOP" "$appdir/tute.desktop"
cp "$DESKTOP" "$appdir/usr/share/applications/tute.desktop"
cp "$METAINFO" "$appdir/usr/share/metainfo/$APPSTREAM_ID.metainfo.xml"
cp "$ICONS/tute-256.png" "$appdir/tute.png"
ln -s tute.png "$appdir/.DirIcon"
for n in $ICON_SIZES; do
    install -D -m 0644 "$ICONS/tute-$n.png" "$appdir/usr/share/icons/hicolor/${n}x$n/apps/tute.png"
done
echo "$appdir"
[[ "${1:-}" == "--appdir-only" ]] && exit 0

tool="${APPIMAGETOOL:-$(command -v appimagetool || true)}"
if [[ -z "$tool" && "${1:-}" == "--download" ]]; then
    url="${APPIMAGETOOL_URL:-https://github.com/AppImage/appimagetool/releases/download/$TOOL_VERSION/appimagetool-$ARCH.AppImage}"
    tool="$ROOT/build/appimagetool-$TOOL_VERSION-$ARCH.AppImage"
    mkdir -p "$ROOT/build"
    curl -fsSL --retry 3 -o "$tool.part" "$url"
    mv "$tool.part" "$tool"
    chmod +x "$tool"
fi
if [[ -z "$tool" ]]; then
    echo "appimagetool not found: skipping the AppImage (set APPIMAGETOOL, or pass --download)"
    exit 0
fi

out="$OUT_DIR/Tute-$VERSION-$ARCH.AppImage"
mkdir -p "$OUT_DIR"
ARCH="$ARCH" APPIMAGE_EXTRACT_AND_RUN=1 "$tool" "$appdir" "$out"
echo "$out ($(size_of "$out"))"
