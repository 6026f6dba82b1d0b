"""Language-specific analysis (English, Chinese) behind one interface, used by the parse stage."""
