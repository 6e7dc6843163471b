"""`python -m companion ...`: the same as the `bang-companion` command."""
from .cli import main

if __name__ == "__main__":
    main()
