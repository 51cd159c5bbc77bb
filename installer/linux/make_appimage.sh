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
# Its SHA-256, checked before it runs (installer/linux/fetch_verified.sh). The
# release builds x86_64 only; another architecture needs APPIMAGETOOL_SHA256.
# x86_64: the hash of appimagetool-x86_64.AppImage 1.9.0 as pinned by several
# unrelated projects (not read from AppImage's release page, which could not be
# fetched here): the first --download in the release workflow confirms it.
case "$ARCH" in
    x86_64) TOOL_SHA256="46fdd785094c7f6e545b61afcfb0f3d98d8eab243f644b4b17698c01d06083d1" ;;
    *) TOOL_SHA256="" ;;
esac
TOOL_SHA256="${APPIMAGETOOL_SHA256:-$TOOL_SHA256}"

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
    bash "$ROOT/installer/linux/fetch_verified.sh" "$url" "$tool" "$TOOL_SHA256"
fi
if [[ -z "$tool" ]]; then
    echo "appimagetool not found: skipping the AppImage (set APPIMAGETOOL, or pass --download)"
    exit 0
fi

out="$OUT_DIR/Tute-$VERSION-$ARCH.AppImage"
mkdir -p "$OUT_DIR"
ARCH="$ARCH" APPIMAGE_EXTRACT_AND_RUN=1 "$tool" "$appdir" "$out"
echo "$out ($(size_of "$out"))"
