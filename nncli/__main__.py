"""``python -m nncli``: the same as the ``nncli`` command."""

from nncli.cli import entry

entry()
