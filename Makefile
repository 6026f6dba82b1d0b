# Two commands set everything up on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench

.PHONY: install run serve test test-fast e2e bench lint seed check clean reliability

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP)

lint: install
	$(PY) -m ruff check .

## run: install, seed the demo database if it is empty, serve the console on http://127.0.0.1:8501
run: install
	$(PY) -m console seed --if-empty
	$(PY) -m console users init-demo
	$(PY) -m streamlit run console/app.py --server.address 127.0.0.1 --server.port 8501

## serve: the compaction service on http://127.0.0.1:8700 (docs at /docs; tokens: python -m console api-token)
SERVE_PORT ?= 8700
serve: install
	$(PY) -m console serve --host 127.0.0.1 --port $(SERVE_PORT)

## test: lint and the whole test suite (unit, AppTest, browser tests where chromium is installed)
test: install $(BENCH_STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest

test-fast: install
	$(PY) -m pytest -m "unit"

$(BENCH_STAMP): bench/requirements.txt $(STAMP)
	$(PY) -m pip install --quiet -r bench/requirements.txt
	touch $(BENCH_STAMP)

## bench: the core against its peers and its speed on the three dev samples, on the agent traces
## and (when their files exist) on the free-form set and the two held-out dialogue sets, then the
## store at 100k contexts, then the compaction service under load (50 agents x 40 turns with an ingest alongside); writes
## docs/benchmarks.md (DIALOGUES, AGENT_TRACES, FREEFORM: where those data sets are)
DIALOGUES ?= ../shared/data/dialogues
AGENT_TRACES ?= ../shared/data/agent_traces
FREEFORM ?= bench/data
# held-out agent traces of other domains (bench/data/agent_heldout/README.md): measured, never tuned on
AGENT_HELDOUT = $(wildcard bench/data/agent_heldout/heldout_*.jsonl)
FREEFORM_FILES = $(wildcard $(FREEFORM)/freeform_en.jsonl $(FREEFORM)/freeform_zh.jsonl)
# held-out dialogues (bench/data/README.md): set 1 was scored blind once, then used to find
# phenomena; set 2 was written blind afterwards, scored once, then analysed; set 3 was written
# blind after that and is never tuned on; sets 4 to 13 likewise (7 was spent in stop 31, 6 in stop 32,
# 8 in stop 33, 9 in stop 34, 10 in stop 35, 11 in stop 36, 12 in stop 37, 13 in stop 38, 14 in stop 39, 15 in stop 40,
# 16 in stop 41, 17 in stop 42, 18 in stop 43, 19 in stop 44, 20 in stop 45, 21 in stop 46,
# 22 in stop 47, 23 in stop 48, 24 in stop 49, 25 in stop 50, 26 in stop 51, 27 in stop 52, 28 in stop 53,
# 29 in stop 54, 30 in stop 55, 31 in stop 56, 32 in stop 57, 33 in stop 58, 34 in stop 59). Sets 35 and 36
# stay out on purpose: they are the blind sets (check_freeform.py --heldout35/36 --score)
HELDOUT_FILES = $(wildcard $(FREEFORM)/heldout_dialogues_en.jsonl $(FREEFORM)/heldout_dialogues_zh.jsonl)
HELDOUT2_FILES = $(wildcard $(FREEFORM)/heldout2_dialogues_en.jsonl $(FREEFORM)/heldout2_dialogues_zh.jsonl)
HELDOUT3_FILES = $(wildcard $(FREEFORM)/heldout3_dialogues_en.jsonl $(FREEFORM)/heldout3_dialogues_zh.jsonl)
HELDOUT4_FILES = $(wildcard $(FREEFORM)/heldout4_dialogues_en.jsonl $(FREEFORM)/heldout4_dialogues_zh.jsonl)
HELDOUT5_FILES = $(wildcard $(FREEFORM)/heldout5_dialogues_en.jsonl $(FREEFORM)/heldout5_dialogues_zh.jsonl)
HELDOUT6_FILES = $(wildcard $(FREEFORM)/heldout6_dialogues_en.jsonl $(FREEFORM)/heldout6_dialogues_zh.jsonl)
HELDOUT7_FILES = $(wildcard $(FREEFORM)/heldout7_dialogues_en.jsonl $(FREEFORM)/heldout7_dialogues_zh.jsonl)
HELDOUT8_FILES = $(wildcard $(FREEFORM)/heldout8_dialogues_en.jsonl $(FREEFORM)/heldout8_dialogues_zh.jsonl)
HELDOUT9_FILES = $(wildcard $(FREEFORM)/heldout9_dialogues_en.jsonl $(FREEFORM)/heldout9_dialogues_zh.jsonl)
HELDOUT10_FILES = $(wildcard $(FREEFORM)/heldout10_dialogues_en.jsonl $(FREEFORM)/heldout10_dialogues_zh.jsonl)
HELDOUT11_FILES = $(wildcard $(FREEFORM)/heldout11_dialogues_en.jsonl $(FREEFORM)/heldout11_dialogues_zh.jsonl)
HELDOUT12_FILES = $(wildcard $(FREEFORM)/heldout12_dialogues_en.jsonl $(FREEFORM)/heldout12_dialogues_zh.jsonl)
HELDOUT13_FILES = $(wildcard $(FREEFORM)/heldout13_dialogues_en.jsonl $(FREEFORM)/heldout13_dialogues_zh.jsonl)
HELDOUT14_FILES = $(wildcard $(FREEFORM)/heldout14_dialogues_en.jsonl $(FREEFORM)/heldout14_dialogues_zh.jsonl)
HELDOUT15_FILES = $(wildcard $(FREEFORM)/heldout15_dialogues_en.jsonl $(FREEFORM)/heldout15_dialogues_zh.jsonl)
HELDOUT16_FILES = $(wildcard $(FREEFORM)/heldout16_dialogues_en.jsonl $(FREEFORM)/heldout16_dialogues_zh.jsonl)
HELDOUT17_FILES = $(wildcard $(FREEFORM)/heldout17_dialogues_en.jsonl $(FREEFORM)/heldout17_dialogues_zh.jsonl)
HELDOUT18_FILES = $(wildcard $(FREEFORM)/heldout18_dialogues_en.jsonl $(FREEFORM)/heldout18_dialogues_zh.jsonl)
HELDOUT19_FILES = $(wildcard $(FREEFORM)/heldout19_dialogues_en.jsonl $(FREEFORM)/heldout19_dialogues_zh.jsonl)
HELDOUT20_FILES = $(wildcard $(FREEFORM)/heldout20_dialogues_en.jsonl $(FREEFORM)/heldout20_dialogues_zh.jsonl)
HELDOUT21_FILES = $(wildcard $(FREEFORM)/heldout21_dialogues_en.jsonl $(FREEFORM)/heldout21_dialogues_zh.jsonl)
HELDOUT22_FILES = $(wildcard $(FREEFORM)/heldout22_dialogues_en.jsonl $(FREEFORM)/heldout22_dialogues_zh.jsonl)
HELDOUT23_FILES = $(wildcard $(FREEFORM)/heldout23_dialogues_en.jsonl $(FREEFORM)/heldout23_dialogues_zh.jsonl)
HELDOUT24_FILES = $(wildcard $(FREEFORM)/heldout24_dialogues_en.jsonl $(FREEFORM)/heldout24_dialogues_zh.jsonl)
HELDOUT25_FILES = $(wildcard $(FREEFORM)/heldout25_dialogues_en.jsonl $(FREEFORM)/heldout25_dialogues_zh.jsonl)
HELDOUT26_FILES = $(wildcard $(FREEFORM)/heldout26_dialogues_en.jsonl $(FREEFORM)/heldout26_dialogues_zh.jsonl)
HELDOUT27_FILES = $(wildcard $(FREEFORM)/heldout27_dialogues_en.jsonl $(FREEFORM)/heldout27_dialogues_zh.jsonl)
HELDOUT28_FILES = $(wildcard $(FREEFORM)/heldout28_dialogues_en.jsonl $(FREEFORM)/heldout28_dialogues_zh.jsonl)
HELDOUT29_FILES = $(wildcard $(FREEFORM)/heldout29_dialogues_en.jsonl $(FREEFORM)/heldout29_dialogues_zh.jsonl)
HELDOUT30_FILES = $(wildcard $(FREEFORM)/heldout30_dialogues_en.jsonl $(FREEFORM)/heldout30_dialogues_zh.jsonl)
HELDOUT31_FILES = $(wildcard $(FREEFORM)/heldout31_dialogues_en.jsonl $(FREEFORM)/heldout31_dialogues_zh.jsonl)
HELDOUT32_FILES = $(wildcard $(FREEFORM)/heldout32_dialogues_en.jsonl $(FREEFORM)/heldout32_dialogues_zh.jsonl)
HELDOUT33_FILES = $(wildcard $(FREEFORM)/heldout33_dialogues_en.jsonl $(FREEFORM)/heldout33_dialogues_zh.jsonl)
HELDOUT34_FILES = $(wildcard $(FREEFORM)/heldout34_dialogues_en.jsonl $(FREEFORM)/heldout34_dialogues_zh.jsonl)
bench: $(BENCH_STAMP)
	$(PY) -m bench $(DIALOGUES)/sgd_dev_sample.jsonl $(DIALOGUES)/multiwoz_dev_sample.jsonl \
		$(DIALOGUES)/crosswoz_dev_sample.jsonl --json docs/benchmarks.json --report docs/benchmarks.md
	$(PY) -m bench.agent $(AGENT_TRACES)/bfcl_base_dev.jsonl $(AGENT_TRACES)/bfcl_long_context_dev.jsonl \
		$(AGENT_HELDOUT) --json docs/benchmarks_agent.json --report docs/benchmarks.md
	$(if $(FREEFORM_FILES),$(PY) -m bench $(FREEFORM_FILES) --section freeform --no-long \
		--json docs/benchmarks_freeform.json --report docs/benchmarks.md,@echo "no free-form set in $(FREEFORM)/: skipped")
	$(if $(HELDOUT_FILES),$(PY) -m bench $(HELDOUT_FILES) --section heldout --no-long \
		--json docs/benchmarks_heldout.json --report docs/benchmarks.md,@echo "no held-out set 1: skipped")
	$(if $(HELDOUT2_FILES),$(PY) -m bench $(HELDOUT2_FILES) --section heldout2 --no-long \
		--json docs/benchmarks_heldout2.json --report docs/benchmarks.md,@echo "no held-out set 2: skipped")
	$(if $(HELDOUT3_FILES),$(PY) -m bench $(HELDOUT3_FILES) --section heldout3 --no-long \
		--json docs/benchmarks_heldout3.json --report docs/benchmarks.md,@echo "no held-out set 3: skipped")
	$(if $(HELDOUT4_FILES),$(PY) -m bench $(HELDOUT4_FILES) --section heldout4 --no-long \
		--json docs/benchmarks_heldout4.json --report docs/benchmarks.md,@echo "no held-out set 4: skipped")
	$(if $(HELDOUT5_FILES),$(PY) -m bench $(HELDOUT5_FILES) --section heldout5 --no-long \
		--json docs/benchmarks_heldout5.json --report docs/benchmarks.md,@echo "no held-out set 5: skipped")
	$(if $(HELDOUT6_FILES),$(PY) -m bench $(HELDOUT6_FILES) --section heldout6 --no-long \
		--json docs/benchmarks_heldout6.json --report docs/benchmarks.md,@echo "no held-out set 6: skipped")
	$(if $(HELDOUT7_FILES),$(PY) -m bench $(HELDOUT7_FILES) --section heldout7 --no-long \
		--json docs/benchmarks_heldout7.json --report docs/benchmarks.md,@echo "no held-out set 7: skipped")
	$(if $(HELDOUT8_FILES),$(PY) -m bench $(HELDOUT8_FILES) --section heldout8 --no-long \
		--json docs/benchmarks_heldout8.json --report docs/benchmarks.md,@echo "no held-out set 8: skipped")
	$(if $(HELDOUT9_FILES),$(PY) -m bench $(HELDOUT9_FILES) --section heldout9 --no-long \
		--json docs/benchmarks_heldout9.json --report docs/benchmarks.md,@echo "no held-out set 9: skipped")
	$(if $(HELDOUT10_FILES),$(PY) -m bench $(HELDOUT10_FILES) --section heldout10 --no-long \
		--json docs/benchmarks_heldout10.json --report docs/benchmarks.md,@echo "no held-out set 10: skipped")
	$(if $(HELDOUT11_FILES),$(PY) -m bench $(HELDOUT11_FILES) --section heldout11 --no-long \
		--json docs/benchmarks_heldout11.json --report docs/benchmarks.md,@echo "no held-out set 11: skipped")
	$(if $(HELDOUT12_FILES),$(PY) -m bench $(HELDOUT12_FILES) --section heldout12 --no-long \
		--json docs/benchmarks_heldout12.json --report docs/benchmarks.md,@echo "no held-out set 12: skipped")
	$(if $(HELDOUT13_FILES),$(PY) -m bench $(HELDOUT13_FILES) --section heldout13 --no-long \
		--json docs/benchmarks_heldout13.json --report docs/benchmarks.md,@echo "no held-out set 13: skipped")
	$(if $(HELDOUT14_FILES),$(PY) -m bench $(HELDOUT14_FILES) --section heldout14 --no-long \
		--json docs/benchmarks_heldout14.json --report docs/benchmarks.md,@echo "no held-out set 14: skipped")
	$(if $(HELDOUT15_FILES),$(PY) -m bench $(HELDOUT15_FILES) --section heldout15 --no-long \
		--json docs/benchmarks_heldout15.json --report docs/benchmarks.md,@echo "no held-out set 15: skipped")
	$(if $(HELDOUT16_FILES),$(PY) -m bench $(HELDOUT16_FILES) --section heldout16 --no-long \
		--json docs/benchmarks_heldout16.json --report docs/benchmarks.md,@echo "no held-out set 16: skipped")
	$(if $(HELDOUT17_FILES),$(PY) -m bench $(HELDOUT17_FILES) --section heldout17 --no-long \
		--json docs/benchmarks_heldout17.json --report docs/benchmarks.md,@echo "no held-out set 17: skipped")
	$(if $(HELDOUT18_FILES),$(PY) -m bench $(HELDOUT18_FILES) --section heldout18 --no-long \
		--json docs/benchmarks_heldout18.json --report docs/benchmarks.md,@echo "no held-out set 18: skipped")
	$(if $(HELDOUT19_FILES),$(PY) -m bench $(HELDOUT19_FILES) --section heldout19 --no-long \
		--json docs/benchmarks_heldout19.json --report docs/benchmarks.md,@echo "no held-out set 19: skipped")
	$(if $(HELDOUT20_FILES),$(PY) -m bench $(HELDOUT20_FILES) --section heldout20 --no-long \
		--json docs/benchmarks_heldout20.json --report docs/benchmarks.md,@echo "no held-out set 20: skipped")
	$(if $(HELDOUT21_FILES),$(PY) -m bench $(HELDOUT21_FILES) --section heldout21 --no-long \
		--json docs/benchmarks_heldout21.json --report docs/benchmarks.md,@echo "no held-out set 21: skipped")
	$(if $(HELDOUT22_FILES),$(PY) -m bench $(HELDOUT22_FILES) --section heldout22 --no-long \
		--json docs/benchmarks_heldout22.json --report docs/benchmarks.md,@echo "no held-out set 22: skipped")
	$(if $(HELDOUT23_FILES),$(PY) -m bench $(HELDOUT23_FILES) --section heldout23 --no-long \
		--json docs/benchmarks_heldout23.json --report docs/benchmarks.md,@echo "no held-out set 23: skipped")
	$(if $(HELDOUT24_FILES),$(PY) -m bench $(HELDOUT24_FILES) --section heldout24 --no-long \
		--json docs/benchmarks_heldout24.json --report docs/benchmarks.md,@echo "no held-out set 24: skipped")
	$(if $(HELDOUT25_FILES),$(PY) -m bench $(HELDOUT25_FILES) --section heldout25 --no-long \
		--json docs/benchmarks_heldout25.json --report docs/benchmarks.md,@echo "no held-out set 25: skipped")
	$(if $(HELDOUT26_FILES),$(PY) -m bench $(HELDOUT26_FILES) --section heldout26 --no-long \
		--json docs/benchmarks_heldout26.json --report docs/benchmarks.md,@echo "no held-out set 26: skipped")
	$(if $(HELDOUT27_FILES),$(PY) -m bench $(HELDOUT27_FILES) --section heldout27 --no-long \
		--json docs/benchmarks_heldout27.json --report docs/benchmarks.md,@echo "no held-out set 27: skipped")
	$(if $(HELDOUT28_FILES),$(PY) -m bench $(HELDOUT28_FILES) --section heldout28 --no-long \
		--json docs/benchmarks_heldout28.json --report docs/benchmarks.md,@echo "no held-out set 28: skipped")
	$(if $(HELDOUT29_FILES),$(PY) -m bench $(HELDOUT29_FILES) --section heldout29 --no-long \
		--json docs/benchmarks_heldout29.json --report docs/benchmarks.md,@echo "no held-out set 29: skipped")
	$(if $(HELDOUT30_FILES),$(PY) -m bench $(HELDOUT30_FILES) --section heldout30 --no-long \
		--json docs/benchmarks_heldout30.json --report docs/benchmarks.md,@echo "no held-out set 30: skipped")
	$(if $(HELDOUT31_FILES),$(PY) -m bench $(HELDOUT31_FILES) --section heldout31 --no-long \
		--json docs/benchmarks_heldout31.json --report docs/benchmarks.md,@echo "no held-out set 31: skipped")
	$(if $(HELDOUT32_FILES),$(PY) -m bench $(HELDOUT32_FILES) --section heldout32 --no-long \
		--json docs/benchmarks_heldout32.json --report docs/benchmarks.md,@echo "no held-out set 32: skipped")
	$(if $(HELDOUT33_FILES),$(PY) -m bench $(HELDOUT33_FILES) --section heldout33 --no-long \
		--json docs/benchmarks_heldout33.json --report docs/benchmarks.md,@echo "no held-out set 33: skipped")
	$(if $(HELDOUT34_FILES),$(PY) -m bench $(HELDOUT34_FILES) --section heldout34 --no-long \
		--json docs/benchmarks_heldout34.json --report docs/benchmarks.md,@echo "no held-out set 34: skipped")
	$(PY) -m bench.speed $(DIALOGUES)/sgd_dev_sample.jsonl --report docs/benchmarks.md
	$(PY) -m bench.store --contexts 100000 --report docs/benchmarks.md
	$(PY) -m bench.service --repeat 3 --report docs/benchmarks.md

## reliability: the reliability suite with its long cases (kill loops, 50 MB files, a real console
## server) and the roles and audit tests, then docs/reliability.md from their results
RELIABILITY_JSON ?= .pytest_cache/reliability-results.json
ROLES_AUDIT_TESTS := tests/console/test_roles.py tests/console/test_audit.py \
	tests/console/test_auth_users.py tests/console/test_auth.py tests/console/test_stale_sessions.py \
	tests/console/test_auth_defaults.py
reliability: install
	mkdir -p $(dir $(RELIABILITY_JSON))
	rm -f $(RELIABILITY_JSON)
	RELIABILITY_LONG=1 RELIABILITY_RESULTS=$(RELIABILITY_JSON) $(PY) -m pytest -p tests.reliability.recorder \
		tests/reliability $(ROLES_AUDIT_TESTS); status=$$?; \
	$(PY) -m tests.reliability.report $(RELIABILITY_JSON) --out docs/reliability.md && exit $$status

seed: install
	$(PY) -m console seed --if-empty

check: install
	$(PY) -m console check

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
