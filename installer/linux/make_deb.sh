#!/usr/bin/env bash
# dist/tute_<version>_<arch>.deb, built with dpkg-deb (no root, no fakeroot):
#   /opt/tute/                      the one-folder build
#   /usr/games/tute                 -> /opt/tute/tute (Debian's place for games)
#   /usr/share/applications/tute.desktop
#   /usr/share/icons/hicolor/<n>x<n>/apps/tute.png
#   /usr/share/metainfo/io.github.tute_desktop.tute.metainfo.xml (software centres)
#   /usr/share/doc/tute/copyright   machine-readable, made from what /opt/tute bundles
#   /usr/share/doc/tute/changelog.gz, /usr/share/man/man6/tute.6.gz
#   /usr/share/lintian/overrides/tute  the lintian tags a bundled app cannot avoid
# The menu and icon caches refresh through dpkg's triggers: no maintainer scripts.
# Reproducible: the same build and commit give the same bytes (SOURCE_DATE_EPOCH).
source "$(dirname "$0")/common.sh"
command -v dpkg-deb >/dev/null || { echo "dpkg-deb not found: cannot build the .deb" >&2; exit 1; }

deb_arch="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
pkg="$(stage_dir deb)"
umask 022
mkdir -p "$pkg/DEBIAN" "$pkg/opt" "$pkg/usr/games" "$pkg/usr/share/applications" \
    "$pkg/usr/share/doc/tute" "$pkg/usr/share/metainfo" "$pkg/usr/share/man/man6" \
    "$pkg/usr/share/lintian/overrides"
cp -a "$APP_DIR" "$pkg/opt/tute"
chmod -R u=rwX,go=rX "$pkg/opt/tute"
# Libraries are loaded, not run: no execute bit (Debian policy 8.1).
find "$pkg/opt/tute" -type f -name '*.so*' -exec chmod 0644 {} +
chmod 0755 "$pkg/opt/tute/tute"
ln -s /opt/tute/tute "$pkg/usr/games/tute"
install -m 0644 "$DESKTOP" "$pkg/usr/share/applications/tute.desktop"
install -m 0644 "$METAINFO" "$pkg/usr/share/metainfo/$APPSTREAM_ID.metainfo.xml"
for n in $ICON_SIZES; do
    install -D -m 0644 "$ICONS/tute-$n.png" "$pkg/usr/share/icons/hicolor/${n}x$n/apps/tute.png"
done
"$PYTHON" "$ROOT/tools/third_party_notices.py" "$APP_DIR" --prefix opt/tute \
    --source "$HOMEPAGE" --debian-copyright "$pkg/usr/share/doc/tute/copyright" >/dev/null
chmod 0644 "$pkg/usr/share/doc/tute/copyright"
gzip -9n < "$ROOT/installer/linux/changelog" > "$pkg/usr/share/doc/tute/changelog.gz"
gzip -9n < "$ROOT/installer/linux/tute.6" > "$pkg/usr/share/man/man6/tute.6.gz"
install -m 0644 "$ROOT/installer/linux/tute.lintian-overrides" \
    "$pkg/usr/share/lintian/overrides/tute"
chmod 0644 "$pkg/usr/share/doc/tute/changelog.gz" "$pkg/usr/share/man/man6/tute.6.gz"

# The newest glibc symbol version anything in the bundle needs is the real minimum.
glibc="2.17"
if command -v objdump >/dev/null; then
    glibc="$(find "$pkg/opt/tute" -type f \( -name '*.so*' -o -name tute \) -exec objdump -T {} + \
        2>/dev/null | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n1)"
fi

# Every file's checksum, for debsums and dpkg --verify.
(cd "$pkg" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | LC_ALL=C sort \
    | xargs -d '\n' md5sum) > "$pkg/DEBIAN/md5sums"
chmod 0644 "$pkg/DEBIAN/md5sums"

installed_kb="$(du -sk --apparent-size "$pkg" | cut -f1)"
# libstdc++ and libgcc_s come from the system (build.spec leaves them out).
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: tute
Version: $VERSION
Architecture: $deb_arch
Maintainer: Tute developers <tute@users.noreply.github.com>
Installed-Size: $installed_kb
Depends: libc6 (>= ${glibc:-2.17}), libgcc-s1 | libgcc1, libstdc++6
Section: games
Priority: optional
Homepage: $HOMEPAGE
Description: Spanish 40-card trick-taking game
 Tute for the desktop, offline: five rule sets (habanero, corriente, boricua,
 for three, for four in pairs) against bots from beginner to expert, or with
 friends on one computer. Self-contained: brings its own Python and SDL.
CONTROL
chmod 0644 "$pkg/DEBIAN/control"

out="$OUT_DIR/tute_${VERSION}_$deb_arch.deb"
mkdir -p "$OUT_DIR"
# dpkg-deb sorts the members and clamps every mtime to SOURCE_DATE_EPOCH.
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out" >/dev/null
echo "$out ($(size_of "$out"))"
