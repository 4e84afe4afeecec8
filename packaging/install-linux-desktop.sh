#!/usr/bin/env sh
# Register the Warband Builder with a Linux desktop for the current user: menu entry, icon,
# and *.warband.yaml files opening in the app. Needs `spherewars-gui` on PATH (pip install, or
# a link to the PyInstaller bundle's spherewars-gui). Undo with: install-linux-desktop.sh --remove
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
res="$here/resources"
[ -d "$res" ] || res="$here/builder/_data/resources"   # from an unpacked bundle
data="${XDG_DATA_HOME:-$HOME/.local/share}"
id=org.spherewars.WarbandBuilder

if [ "${1:-}" = "--remove" ]; then
    rm -f "$data/applications/$id.desktop" "$data/mime/packages/$id.xml"
    find "$data/icons/hicolor" -name "$id.*" -delete 2>/dev/null || true
else
    mkdir -p "$data/applications" "$data/mime/packages"
    cp "$res/linux/$id.desktop" "$data/applications/"
    cp "$res/linux/$id.xml" "$data/mime/packages/"
    for file in "$res"/icons/hicolor/*/apps/"$id".*; do
        size=$(basename "$(dirname "$(dirname "$file")")")
        mkdir -p "$data/icons/hicolor/$size/apps"
        cp "$file" "$data/icons/hicolor/$size/apps/"
    done
fi
command -v update-mime-database >/dev/null && update-mime-database "$data/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
echo "done: $id"
