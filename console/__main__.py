"""``python -m console ingest|seed|check``: see console/cli.py."""

from console.cli import main

raise SystemExit(main())
