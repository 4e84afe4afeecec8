"""Output that ends cleanly when it cannot be written: ``spherewars … | head`` ends silently,
``spherewars … > /dev/full`` with one line on standard error and status 2. Every command of
the command line runs through :func:`run_writing`. Core module: no Qt.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable

EXIT_WRITE_ERROR = 2
EXIT_PIPE_CLOSED = 0


def run_writing(command: Callable[[], int], program: str = "spherewars") -> int:
    """Run ``command`` and end cleanly when standard output cannot be written.

    A closed pipe (``spherewars schema faction | head``) ends silently with status 0, as
    before (the reader asked for no more); any other write error (``> /dev/full``, a disk
    that filled up) prints one line on standard error and returns 2.
    Standard output is then pointed at the null device, so that Python's own flush at exit
    cannot raise a second time.
    """
    try:
        status = command()
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_PIPE_CLOSED
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            _silence_stdout()
            return EXIT_PIPE_CLOSED
        if not _is_output_error(exc):
            raise
        _silence_stdout()
        try:
            from builder.i18n import _

            print(_("{program}: cannot write the output: {problem}").format(
                program=program, problem=exc.strerror or exc), file=sys.stderr)
            sys.stderr.flush()
        except OSError:
            pass
        return EXIT_WRITE_ERROR


def _is_output_error(exc: OSError) -> bool:
    """Whether ``exc`` came from writing standard output or standard error (rather than from
    a file a command opened itself, which the command reports in its own words)."""
    return exc.filename is None and exc.errno in (errno.ENOSPC, errno.EIO, errno.EFBIG,
                                                  errno.EDQUOT, errno.EBADF, errno.EROFS)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
