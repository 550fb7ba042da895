"""nncli: Notebook Nations, turn by turn, at the command line."""

__version__ = "0.1.0"
