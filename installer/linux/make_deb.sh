#!/usr/bin/env bash
# dist/tute_<version>_<arch>.deb, built with dpkg-deb (no root, no fakeroot):
#   /opt/tute/                      the one-folder build
#   /usr/bin/tute                   -> /opt/tute/tute
#   /usr/share/applications/tute.desktop
#   /usr/share/icons/hicolor/<n>x<n>/apps/tute.png
# The menu and icon caches refresh through dpkg's triggers: no maintainer scripts.
source "$(dirname "$0")/common.sh"
command -v dpkg-deb >/dev/null || { echo "dpkg-deb not found: cannot build the .deb" >&2; exit 1; }

deb_arch="$(dpkg --print-architecture 2>/dev/null || echo amd64)"
pkg="$(stage_dir deb)"
umask 022
mkdir -p "$pkg/DEBIAN" "$pkg/opt" "$pkg/usr/bin" "$pkg/usr/share/applications" \
    "$pkg/usr/share/doc/tute"
cp -a "$APP_DIR" "$pkg/opt/tute"
chmod -R u=rwX,go=rX "$pkg/opt/tute"
chmod 0755 "$pkg/opt/tute/tute"
ln -s /opt/tute/tute "$pkg/usr/bin/tute"
install -m 0644 "$DESKTOP" "$pkg/usr/share/applications/tute.desktop"
for n in $ICON_SIZES; do
    install -D -m 0644 "$ICONS/tute-$n.png" "$pkg/usr/share/icons/hicolor/${n}x$n/apps/tute.png"
done
cat > "$pkg/usr/share/doc/tute/copyright" <<COPYRIGHT
Tute, the Spanish 40-card trick-taking game.
License: GPL-3.0-or-later (see /usr/share/common-licenses/GPL-3).
Card art, sounds and texts were made for the project. The bundled Python
runtime and pygame-ce (SDL2 and its libraries) keep their own licenses.
COPYRIGHT

# The newest glibc symbol version anything in the bundle needs is the real minimum.
glibc="2.17"
if command -v objdump >/dev/null; then
    glibc="$(find "$pkg/opt/tute" -type f \( -name '*.so*' -o -name tute \) -exec objdump -T {} + \
        2>/dev/null | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n1)"
fi

installed_kb="$(du -sk --apparent-size "$pkg" | cut -f1)"
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: tute
Version: $VERSION
Architecture: $deb_arch
Maintainer: Tute developers <tute@users.noreply.github.com>
Installed-Size: $installed_kb
Depends: libc6 (>= ${glibc:-2.17})
Section: games
Priority: optional
Description: Spanish 40-card trick-taking game
 Tute for the desktop, offline: five rule sets (habanero, corriente, boricua,
 for three, for four in pairs) against bots from beginner to expert, or with
 friends on one computer. Self-contained: brings its own Python and SDL.
CONTROL

out="$OUT_DIR/tute_${VERSION}_$deb_arch.deb"
mkdir -p "$OUT_DIR"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out" >/dev/null
echo "$out ($(size_of "$out"))"
