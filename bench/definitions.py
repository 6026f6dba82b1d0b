"""The definitions printed under the benchmark's dialogue tables in docs/benchmarks.md."""

DEFINITIONS = """### Definitions

- **final-state retention (strict)**: of the gold final-state values that occur literally
  (case-insensitive) in the transcript, the share found (case-insensitive substring) in the method's
  context **outside every `(was: ...)` marker**: a current value shown only as replaced is not
  retained. A marker runs from `(was:` to the parenthesis that closes it (nested parentheses
  counted; an unclosed one to the end of its line). Values that never appear in the text
  ("dontcare", "yes" for free wifi) are left out for every method. A fact's key ("hotel.name=")
  names a slot and is not searched: a value counts where the context shows it. **loose (markers included)**:
  the same share counting a value anywhere in the context (the figure reported before strict
  scoring). **joint (strict)**: share of conversations that keep all of their values.
- **false supersession**: share of those current values that occur in the context only inside
  `(was: ...)` markers (shown as replaced, never as current).
- **old values shown unmarked**: of the gold corrections whose new value occurs in the transcript
  and whose old value is neither the new value nor any current final-state value, the share whose
  old value occurs as a whole token ("2" is not found in "12:30") outside every marker
  (occurrences inside the new value and fact keys excluded); "of N" is the number of such corrections.
  A verbatim transcript shows every old value unmarked.
- **must-not-replace values shown replaced** (notes, data sets with a gold `must_not_replace` list):
  of those values that occur in the transcript, the share found as a whole token inside a marker.
- **constraint facts**: distinct gold facts of kind `constraint` with `literal: true`, found in the context.
- **corrections handled / new present**: gold corrections whose new value occurs in the transcript.
  New present: the new value is in the context outside every `(was: ...)` marker. Handled: new
  present AND every occurrence of the old value (outside occurrences of the new one) is preceded
  within 25 characters by a marker: was, previously, formerly, 原, 之前, 曾 (the core renders a
  replaced value as `(was: OLD)`). A verbatim transcript shows the old value unmarked, so verbatim
  methods score low here even though a reader could work it out.
- **token reduction**: 1 - context tokens / raw tokens, raw = the raw history as raw mode serves
  it (`core.render.raw_history`: `role: text` lines, a tool call or result as compact JSON);
  mean over conversations. **oracle overhead**: context tokens / oracle tokens, mean over conversations;
  the oracle is the gold final state as `slot: value` lines.
- **EID**: (retained final-state values + covered goals) per 100 context tokens, pooled over conversations.
  A goal is **covered** when one of its content words occurs in the context: the goal name split on
  CamelCase and underscores, lowercased, plural s dropped, intent verbs (find, search, get, book,
  reserve, buy, play, lookup, check, add, schedule, transfer, make, request) and filler (available,
  time, date, oneway, roundtrip, up, for) removed: `FindRestaurants` -> restaurant, `book_taxi` -> taxi,
  `GetCarsAvailable` -> car; a Chinese goal (`景点`) is its own word. It is lenient: it tells
  whether the domain is named at all, not whether the intent (find vs book) is.
- **state consistency** (core methods), share of conversations. Exact: the `[FACT:key=value]` anchors
  parsed back from the context (`core.render.parse_anchors`) equal the state's active facts (key ->
  value); a fact the renderer dropped for the budget, or a decayed fact it still anchors, makes it
  fail. Anchors agree: every anchored fact is held in `state.facts` (any status) with that value
  (nothing wrong or invented; dropped facts allowed).
- **latency**: wall time of the whole method per conversation (for the core: parse, extract, merge of
  every turn plus the forced compaction, i.e. `Compressor.compress`); "first run" is the first of the
  timed runs (embedding caches cold for all but the warm-up conversation); "compaction step alone" is
  the core's own audit record (`CompactionRecord.latency_ms["total"]`).
- **equal budget**: langchain-trim, llamaindex-buffer and key-sentence get B = the core's token count for
  that conversation. LangChain counts our tokens over the kept messages' `role: text` lines;
  LlamaIndex's buffer counts tokens of the messages' contents only (its own contract), so its
  rendered `role: text` lines can exceed B by a few tokens per message.
- **last-n**: the last 5 turns; **user-verbatim**: every user turn verbatim."""
