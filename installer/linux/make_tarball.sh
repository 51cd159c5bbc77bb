#!/usr/bin/env bash
# dist/tute-<version>-linux-<arch>.tar.gz: the one-folder build, ready to unpack
# and run anywhere (./tute), with the .desktop entry, the icon, the AppStream
# metainfo, LICENSE and the third-party notices, and install.sh (adds the menu
# entry for the current user). Byte-identical for the same build and commit.
source "$(dirname "$0")/common.sh"

name="tute-$VERSION-linux-$ARCH"
stage="$(stage_dir tarball)"
top="$stage/$name"
cp -a "$APP_DIR" "$top"
cp "$DESKTOP" "$top/tute.desktop"
cp "$ICONS/tute-256.png" "$top/tute.png"
cp "$METAINFO" "$top/$APPSTREAM_ID.metainfo.xml"
cp "$ROOT/LICENSE" "$APP_DIR/_internal/THIRD_PARTY_NOTICES.txt" "$top/"
install -m 0755 "$ROOT/installer/linux/install.sh" "$top/install.sh"

out="$OUT_DIR/$name.tar.gz"
mkdir -p "$OUT_DIR"
repro_tar "$stage" "$name" | gzip -9n > "$out"
echo "$out ($(size_of "$out"))"
