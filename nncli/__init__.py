"""nncli: board games turn by turn at the command line (Notebook Nations, Nations, Dice Game)."""

__version__ = "0.1.0"
