"""``python -m nncli``: the same as the ``nncli`` command."""

import gc

gc.disable()  # from the first import on: ``nncli.cli.entry`` says why

from nncli.cli import entry  # noqa: E402

entry()
