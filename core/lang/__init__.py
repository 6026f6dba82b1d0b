"""Language-specific analysis (English, Chinese) behind one interface (base.LanguageAnalyzer).

- ``registry.analyzer_for(lang)``: the analyzer of a language; ``cues.any_language()``: the cue
  answers over every language, for stages that read a turn whatever its language.
- ``<lang>_cues``: the cue words the stages ask about (accepting, declining, fillers, amenities,
  numerals); the other ``<lang>_*`` modules: entities, negations, kinds and names.
- ``data/``: open vocabularies as files, read once by ``vocab`` (see data/README.md).
- ``patterns.pattern``: the one idiom for a lazily compiled pattern.

The stage files (core/*.py) hold no word of any language (tests/core/test_stage_literals.py); a
third language adds its analyzer, its cue module and its data files here.
"""
