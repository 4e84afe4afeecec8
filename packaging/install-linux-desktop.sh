#!/bin/sh
# Install (or remove) the Linux desktop integration of the SphereWars Warband Builder for the
# current user: the .desktop launcher, the icon in every size, and the shared-mime-info entry
# that makes *.warband.yaml files open in the app. Nothing is written outside
# ${XDG_DATA_HOME:-~/.local/share}; no root needed.
#
#   packaging/install-linux-desktop.sh                  # from a checkout (Exec=spherewars-gui)
#   ./install-linux-desktop.sh                          # from the PyInstaller folder
#   install-linux-desktop.sh --exec /opt/spherewars/spherewars-gui
#   install-linux-desktop.sh --resources DIR            # DIR holds linux/ and icons/
#   install-linux-desktop.sh --remove                   # undo
set -eu

ID=org.spherewars.WarbandBuilder
MIME=application/x-spherewars-warband
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
resources=
exec_cmd=
uninstall=no

while [ $# -gt 0 ]; do
    case $1 in
        --exec) exec_cmd=$2; shift 2 ;;
        --resources) resources=$2; shift 2 ;;
        --remove|--uninstall) uninstall=yes; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "install-linux-desktop.sh: unknown option $1" >&2; exit 2 ;;
    esac
done

# Where the files come from: a checkout, or the PyInstaller folder this script was copied to.
if [ -z "$resources" ]; then
    for candidate in "$here/../resources" "$here/_internal/builder/_data/resources"; do
        if [ -f "$candidate/linux/$ID.desktop" ]; then resources=$candidate; break; fi
    done
fi
if [ -z "$exec_cmd" ] && [ -x "$here/spherewars-gui" ]; then
    exec_cmd=$here/spherewars-gui     # inside the PyInstaller folder: launch that copy
fi

refresh() {
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$data/mime"
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$data/applications" || true
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$data/icons/hicolor/index.theme" ]; then
        gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
    fi
}

if [ "$uninstall" = yes ]; then
    rm -f "$data/applications/$ID.desktop" "$data/mime/packages/$ID.xml"
    rm -f "$data"/icons/hicolor/*/apps/"$ID".png "$data/icons/hicolor/scalable/apps/$ID.svg"
    refresh
    echo "removed the SphereWars Warband Builder desktop integration from $data"
    exit 0
fi

if [ -z "$resources" ] || [ ! -f "$resources/linux/$ID.desktop" ]; then
    echo "install-linux-desktop.sh: cannot find resources/linux/$ID.desktop; use --resources DIR" >&2
    exit 2
fi

mkdir -p "$data/applications" "$data/mime/packages"
if [ -n "$exec_cmd" ]; then
    # Quote the path for the Exec key (spaces are allowed inside double quotes).
    sed -e "s|^Exec=spherewars-gui |Exec=\"$exec_cmd\" |" -e "s|^TryExec=.*|TryExec=$exec_cmd|" \
        "$resources/linux/$ID.desktop" > "$data/applications/$ID.desktop"
else
    cp "$resources/linux/$ID.desktop" "$data/applications/$ID.desktop"
fi
cp "$resources/linux/$ID.xml" "$data/mime/packages/$ID.xml"
for icon in "$resources"/icons/hicolor/*/apps/"$ID".*; do
    size_dir=$(basename "$(dirname "$(dirname "$icon")")")
    mkdir -p "$data/icons/hicolor/$size_dir/apps"
    cp "$icon" "$data/icons/hicolor/$size_dir/apps/"
done
refresh
if command -v xdg-mime >/dev/null 2>&1; then
    xdg-mime default "$ID.desktop" "$MIME" || true
fi
echo "installed $ID.desktop, its icons and $MIME (*.warband.yaml) into $data"
