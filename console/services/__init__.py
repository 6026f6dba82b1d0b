"""What the console's pages call: pure functions over the Store and the core, no Streamlit.

One module per screen or concern; pages read widgets, call these, and draw what comes back, so
everything here is testable with pytest on a real DuckDB file.
"""
