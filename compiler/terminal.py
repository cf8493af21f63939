"""What the command line reads of the terminal it runs in: only ``os``, for a command that must start at once."""

from __future__ import annotations

import os


def colour_wanted(stream: object) -> bool:
    """Whether diagnostics written to ``stream`` are coloured: on a terminal, never when piped or redirected;
    ``NO_COLOR`` set to anything but "" turns colour off (https://no-color.org) and wins over ``FORCE_COLOR``,
    which turns it on even when piped (https://force-color.org). rich still says no to a dumb terminal."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False
