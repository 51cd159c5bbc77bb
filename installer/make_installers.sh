#!/usr/bin/env bash
# Every installer this system can build, from the one-folder build PyInstaller
# made (build.spec); `make dist` runs both. Everything lands in dist/.
#   Linux:   .tar.gz; .deb (with dpkg-deb); AppImage (with appimagetool, or
#            --download to fetch it; skipped otherwise)
#   macOS:   .dmg with Tute.app
#   Windows: Inno Setup installer (in Git Bash, with ISCC)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

case "$(uname -s)" in
    Linux)
        bash "$here/linux/make_tarball.sh"
        if command -v dpkg-deb >/dev/null; then
            bash "$here/linux/make_deb.sh"
        else
            echo "dpkg-deb not found: skipping the .deb"
        fi
        bash "$here/linux/make_appimage.sh" "$@"
        ;;
    Darwin)
        bash "$here/macos/make_dmg.sh"
        ;;
    MINGW* | MSYS* | CYGWIN*)
        bash "$here/windows/make_setup.sh"
        ;;
    *)
        echo "no installer for $(uname -s): dist/tute is the build"
        ;;
esac
