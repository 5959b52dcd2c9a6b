"""PyInstaller's entry script: the frozen app is the `battlebox` command."""
import sys

from gui.cli import main

if __name__ == "__main__":
    sys.exit(main())
