"""The compaction service: ``python -m console serve`` (FastAPI on uvicorn), see console/service/app.py."""
