#!/usr/bin/env bash
# dist/tute-<version>-linux-<arch>.tar.gz: the one-folder build, ready to unpack
# and run anywhere (./tute), with the .desktop entry, the icon and install.sh
# (adds the menu entry for the current user).
source "$(dirname "$0")/common.sh"

name="tute-$VERSION-linux-$ARCH"
stage="$(stage_dir tarball)"
top="$stage/$name"
cp -a "$APP_DIR" "$top"
cp "$DESKTOP" "$top/tute.desktop"
cp "$ICONS/tute-256.png" "$top/tute.png"
install -m 0755 "$ROOT/installer/linux/install.sh" "$top/install.sh"

out="$OUT_DIR/$name.tar.gz"
mkdir -p "$OUT_DIR"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner -cf - "$name" \
    | gzip -9n > "$out"
echo "$out ($(size_of "$out"))"
