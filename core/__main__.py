"""``python -m core``: see core.cli."""

from core.cli import main

raise SystemExit(main())
