"""Start ``spherewars gui FILE`` the way the command starts it, with a watcher on the app:
the one starter of ``bench/bench_startup.py`` and ``tests/gui/test_gui_startup.py``.

Both run this file's text followed by their own, as ``python -c SCRIPT FILE`` (so the bench
can start an older checkout with it): their part defines ``watch(app_module)`` and calls
:func:`start`. ``watch`` is called once :mod:`builder.gui.app` has run and before any window
is made; it imports Qt no earlier than the program does, since the order in which modules
are imported is part of what a start costs.
"""

import importlib.util
import sys


class _AfterApp:
    """Calls ``watch`` with :mod:`builder.gui.app` as soon as that module has run."""

    def __init__(self, watch):
        self.watch = watch

    def find_spec(self, name, path=None, target=None):
        if name != "builder.gui.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run_module = spec.loader.exec_module

        def exec_module(module):
            run_module(module)
            self.watch(module)

        spec.loader.exec_module = exec_module
        return spec


def start(watch):
    """``spherewars gui FILE`` (FILE: this script's first argument), ``watch`` called as
    described above; the command's exit status."""
    sys.meta_path.insert(0, _AfterApp(watch))
    sys.argv = ["spherewars", "gui", sys.argv[1]]
    from builder.__main__ import main

    return main()
