# openmarket — the commands. `make run` sets everything up and starts the app; `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
# libcurl4-openssl-dev: the MCP Swift SDK brings FoundationNetworking, which openmarket-mcp's static release
# binary links with libcurl (the browser's binary does not: a test reads its libraries with binutils' readelf).
DEB_PACKAGES := libncurses-dev libcurl4-openssl-dev libssl-dev binutils ncurses-term libturbojpeg0-dev libpng-dev zlib1g-dev libsqlite3-dev tmux openssh-client openssh-server python3-venv fonts-noto-color-emoji haproxy nginx postgresql xterm kitty xvfb x11-apps xdotool systemd
BENCH_PACKAGES := wrk chafa sqlite3 bc time
CONFIG ?= debug
BIN := .build/$(CONFIG)/openmarket
ARGS ?=
SSH_AUDIT := .build-tools/venv/bin/ssh-audit
# Runs a command beside a throwaway PostgreSQL cluster (OPENMARKET_TEST_DATABASE), stopped afterwards even when
# the command fails: the PostgreSQL store's contract tests run on it.
WITH_POSTGRES := scripts/test-postgres.sh run
# Tests that run by themselves after the others in `make test` (see there): the real terminals, the crowd and
# the siege of `openmarket ssh` (dozens of browsers, thousands of sockets), the database on a namespace. Then
# schemathesis against the live server (its generator fills a core), then the attack suite, each by itself: a browser burning
# its CPU budget, a terminal claiming a huge cell, connections never read — each takes a core on purpose, and beside
# the crowd it made the crowd's timing late (docs/SECURITY.md).
ALONE_TESTS := TerminalGraphicsEndToEndTests|CrowdEndToEndTests|DatabaseBlackholeEndToEndTests
# schemathesis by itself: its generator fills a core. (Its PostgreSQL run once reached no edit's 200 beside the
# crowd, and then once alone: that was chance — 0 to 42 edits succeeded run to run — now made certain by its
# hooks, Tests/EndToEndTests/Scripts/schemathesis_hooks.py.)
CONFORMANCE_TESTS := OpenAPIConformanceTests
ATTACK_TESTS := AttackEndToEndTests

PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: deps bench-deps build release test test-habits sanitize sanitize-address sanitize-thread fuzz run serve bench fmt clean docs install

## deps: install the Debian packages the project needs, only those missing (does nothing when all are present)
deps:
	@missing=$$(for p in $(DEB_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
	@# ssh-audit (PyPI) checks the OpenSSH configuration the README gives, in the end-to-end tests.
	@test -x $(SSH_AUDIT) || { python3 -m venv .build-tools/venv && .build-tools/venv/bin/pip install -q 'ssh-audit==3.9.0'; }
	@# AsyncSSH (PyPI): the SSH client library of the crowd and siege tools (bench/crowd.py, bench/door.py) and their tests.
	@.build-tools/venv/bin/python -c 'import asyncssh' 2>/dev/null || .build-tools/venv/bin/pip install -q 'asyncssh==2.24.1'
	@# schemathesis (PyPI): checks docs/openapi.yaml against the live server in the end-to-end tests.
	@test -x .build-tools/venv/bin/schemathesis || .build-tools/venv/bin/pip install -q 'schemathesis==4.32.5'
	@# mcp (PyPI): a real Model Context Protocol client driving `openmarket mcp` in the end-to-end tests.
	@.build-tools/venv/bin/python -c 'import mcp' 2>/dev/null || .build-tools/venv/bin/pip install -q 'mcp==2.3.0'

bench-deps:
	@missing=$$(for p in $(BENCH_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
	@# pyte (PyPI): the terminal emulator bench/live.py keeps each visitor's screen in.
	@.build-tools/venv/bin/python -c 'import pyte' 2>/dev/null || .build-tools/venv/bin/pip install -q 'pyte==0.8.2'

## build: compile everything (debug)
build: deps
	$(SWIFT) build

## release: the optimized build, with the Swift runtime linked statically: each SSH session's browser starts in
## two thirds of the CPU (no dynamic linking of the runtime; docs/DECISIONS.md)
RELEASE_FLAGS := -c release --static-swift-stdlib
release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# A failed run's failures, printed last so that a CI log's tail shows them (the whole log is in $(1)).
FAILURES = echo "== failures (whole log: $(1))"; \
	grep -a -E '✘|error:|fatal|Fatal|Expectation failed|recorded an issue|Caught signal|ERROR: (Address|Thread)Sanitizer|SUMMARY:' $(1) \
	| grep -a -v 'passed after' | tail -60

## test-habits: the tests' own rules, checked on their text: no feature test drops what a handler returns
## (`_ = …handle(`: the effects it asked for would go unchecked; the exhaustive tester takes them)
test-habits:
	@if grep -rnE '_[[:space:]]*=[^=]*[.[:space:]]handle[[:space:]]*\(' Tests Mocks --include='*.swift'; then \
		echo "make test: a handler's result is dropped above; step it through the tester (FeatureTester) instead"; exit 1; fi

## test: every test — unit, live loopback HTTP, and end to end on the real binary; the server's contract
## tests on each store, PostgreSQL included (a throwaway cluster)
test: deps test-habits
	$(SWIFT) build
	@# The whole output goes to .build/test.log; on failure the failing tests' lines are repeated at the end,
	@# where a CI log's tail shows them. The unit tests run first, by themselves: their CPU-bound work held both
	@# threads of the test process's cooperative pool for a minute, and the end-to-end tests' waits, which
	@# resume on that pool, came back past their deadlines (CI, 2026-11-26). The real terminals (xterm, kitty
	@# on Xvfb, each browser seeding a catalog of its own) and the crowd at the SSH door run after the rest,
	@# alone: beside it they took both cores for a minute and made the timing tests late.
	@set -o pipefail; { $(WITH_POSTGRES) $(SWIFT) test --skip '^EndToEndTests\.' && \
		$(WITH_POSTGRES) $(SWIFT) test --skip-build --filter '^EndToEndTests\.' --skip '$(ALONE_TESTS)|$(CONFORMANCE_TESTS)|$(ATTACK_TESTS)' && \
		$(WITH_POSTGRES) $(SWIFT) test --skip-build --filter '$(ALONE_TESTS)' && \
		$(WITH_POSTGRES) $(SWIFT) test --skip-build --filter '$(CONFORMANCE_TESTS)' && \
		$(SWIFT) test --skip-build --filter '$(ATTACK_TESTS)'; } 2>&1 | tee .build/test.log || { \
		$(call FAILURES,.build/test.log); exit 1; }

## sanitize: the suite (end to end included, on sanitized binaries) under AddressSanitizer (our C code under
## UBSan too), then the concurrent modules' tests under ThreadSanitizer; each in its own build folder
SANITIZE_THREAD_TESTS ?= TerminalUITests|MarketAppTests|MarketSSHTests|MarketServerTests|ImagePipelineTests|OpenMarketAPITests|MarketFeaturesTests
sanitize: sanitize-address sanitize-thread

# AddressSanitizer's reports, one file a process (its log_path): a child's report reaches the log whole even where
# its test kept only the tail of the child's standard error (a SIGTERM's exit 1 under ASan once said no more than
# the shadow-byte legend), and a process whose output no test reads is heard too. Listed after the run, the first
# lines of each, and a report fails the run even when every test passed: no test leaves one on purpose (a browser
# sent SIGSEGV by a test ends by its own handler, not the sanitizer's; a full run left none, 2026-12-07).
ASAN_REPORTS := .build-asan/reports
# Succeeds (and lists them) when there are reports.
ASAN_REPORTED = { ls $(ASAN_REPORTS)/asan.* >/dev/null 2>&1 && { \
	echo "== AddressSanitizer reports: $$(ls $(ASAN_REPORTS)/asan.* | wc -l) process(es), in $(ASAN_REPORTS)"; \
	for f in $$(ls $(ASAN_REPORTS)/asan.* | head -12); do echo "-- $$f"; \
	grep -a -m1 -E 'ERROR: (Address|Leak)Sanitizer|runtime error|AddressSanitizer:' $$f; \
	grep -a -m8 -E '^ +\#[0-9]+ ' $$f; done; true; }; }

## sanitize-address: the AddressSanitizer (and UBSan) half of `make sanitize`: every test but the real terminals
## on Xvfb and the attacks on the doors (SANITIZE_ADDRESS_SKIP; docs/DECISIONS.md, "CI runs make sanitize")
SANITIZE_ADDRESS_SKIP ?= TerminalGraphicsEndToEndTests|AttackEndToEndTests
sanitize-address: deps
	OPENMARKET_UBSAN=1 $(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	@rm -rf $(ASAN_REPORTS) && mkdir -p -m 1777 $(ASAN_REPORTS)
	@set -o pipefail; OPENMARKET_UBSAN=1 OPENMARKET_SANITIZER=address \
		ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:log_path=$(CURDIR)/$(ASAN_REPORTS)/asan UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		$(WITH_POSTGRES) $(SWIFT) test --skip-build --no-parallel --sanitize=address --scratch-path .build-asan \
		$(if $(SANITIZE_ADDRESS_SKIP),--skip '$(SANITIZE_ADDRESS_SKIP)') 2>&1 \
		| tee .build-asan/test.log; status=$$?; \
		[ $$status = 0 ] || { $(call FAILURES,.build-asan/test.log); }; \
		if $(ASAN_REPORTED); then exit 1; fi; exit $$status

## sanitize-thread: the ThreadSanitizer half of `make sanitize`
## (its build holds only those test targets and what they need: OPENMARKET_TEST_TARGETS, Package.swift)
comma := ,
SANITIZE_THREAD_TARGETS = OPENMARKET_TEST_TARGETS=$(subst |,$(comma),$(SANITIZE_THREAD_TESTS))
sanitize-thread: deps
	$(SANITIZE_THREAD_TARGETS) $(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	@set -o pipefail; TSAN_OPTIONS=halt_on_error=1 $(SANITIZE_THREAD_TARGETS) \
		$(WITH_POSTGRES) $(SWIFT) test --skip-build --no-parallel --sanitize=thread --scratch-path .build-tsan --filter '$(SANITIZE_THREAD_TESTS)' 2>&1 \
		| tee .build-tsan/test.log || { $(call FAILURES,.build-tsan/test.log); exit 1; }

## fuzz: each libFuzzer target for FUZZ_SECONDS (default 60) from its seeds in Tests/FuzzCorpus; what it
## learns stays in .build-fuzz/corpus, findings go to .build-fuzz/findings (see docs/FUZZING.md)
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= multipart client keys text picture
# libFuzzer's own main and SwiftPM's entry-point alias for executables both define `main`; either may
# win, and both run the same driver (Sources/openmarket-fuzz).
FUZZ_FLAGS := -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xcc -fsanitize=fuzzer-no-link,address \
	-Xlinker --allow-multiple-definition
fuzz: deps
	$(SWIFT) build -c release --product openmarket-fuzz --scratch-path .build-fuzz $(FUZZ_FLAGS)
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p .build-fuzz/corpus/$$t .build-fuzz/findings/$$t; \
		max=$$( [ $$t = picture ] && echo 65536 || echo 16384 ); \
		echo "== $$t: $(FUZZ_SECONDS) s"; \
		OPENMARKET_FUZZ_TARGET=$$t ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 SWIFT_BACKTRACE=enable=no \
			.build-fuzz/release/openmarket-fuzz -max_total_time=$(FUZZ_SECONDS) -max_len=$$max -rss_limit_mb=2048 \
			-timeout=10 -print_final_stats=1 -artifact_prefix=.build-fuzz/findings/$$t/ \
			.build-fuzz/corpus/$$t Tests/FuzzCorpus/$$t 2>&1 | tee .build-fuzz/$$t.log | grep -E '^(#[0-9]+ +DONE|stat::|==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' ; \
		test $${PIPESTATUS[0]} -eq 0 || exit 1; \
	done

## run: the terminal browser on its embedded server (demo catalog on first run); ARGS="--server URL" for another
run: deps
	$(SWIFT) build
	$(BIN) $(ARGS)

## serve: start the API server (ARGS="--port 8080 --data-dir PATH ...")
serve: deps
	$(SWIFT) build
	$(BIN) serve $(ARGS)

## bench: the benchmarks named by the issues; figures go to docs/BENCHMARKS.md
bench: deps bench-deps
	$(SWIFT) build $(RELEASE_FLAGS)
	.build/release/openmarket-bench
	python3 bench/terminal.py
	python3 bench/terminal.py --settings-only
	$(SWIFT) build
	python3 bench/terminal.py .build/debug/openmarket
	python3 bench/ssh.py
	python3 bench/pictures.py
	bash bench/hostile.sh
	bash bench/server.sh
	@# AB_BASE=path/to/an/older/openmarket: page 1 of both builds and nginx, A/B in the same run
	[ -z "$(AB_BASE)" ] || BASE=$(AB_BASE) bash bench/server-ab.sh
	bash bench/products.sh
	python3 bench/workbench.py
	python3 bench/sftp.py
	.build-tools/venv/bin/python bench/live.py
	.build-tools/venv/bin/python bench/start.py
	@# KEYS_PEER=path/to/an/older/openmarket: CPU per key and per visitor per edit of both builds, rounds alternating
	.build-tools/venv/bin/python bench/keys.py --binary .build/release/openmarket $(if $(KEYS_PEER),--peer $(KEYS_PEER))
	@# IDLE_PEER=path/to/an/older/openmarket: the idle cost of both builds in the same run
	.build-tools/venv/bin/python bench/idle.py --binary .build/release/openmarket $(if $(IDLE_PEER),--peer $(IDLE_PEER))
	OPENMARKET_TEST_PG_DURABLE=1 $(WITH_POSTGRES) bash bench/replicas.sh
	OPENMARKET_TEST_PG_DURABLE=1 $(WITH_POSTGRES) python3 bench/search.py
	$(WITH_POSTGRES) bash bench/crowd.sh

## docs: the manual page and the shell completions, generated from the argument parser (swift-argument-parser's
## generate-manual plugin; --generate-completion-script) into docs/man and docs/completions; a test keeps them in step
docs: build
	$(SWIFT) package --disable-sandbox plugin generate-manual --configuration debug --authors "openmarket's developers"
	mkdir -p docs/man docs/completions
	cp .build/plugins/GenerateManual/outputs/openmarket/openmarket.1 docs/man/openmarket.1
	.build/debug/openmarket --generate-completion-script bash > docs/completions/openmarket.bash
	.build/debug/openmarket --generate-completion-script zsh > docs/completions/_openmarket
	.build/debug/openmarket --generate-completion-script fish > docs/completions/openmarket.fish
	.build/debug/openmarket openapi > docs/openapi.yaml

## install: the release binaries (openmarket, and openmarket-mcp that `openmarket mcp` hands over to, beside it),
## the manual page and the completions under $(PREFIX) (DESTDIR for staging)
install: release
	install -D -m 755 .build/release/openmarket $(DESTDIR)$(PREFIX)/bin/openmarket
	install -D -m 755 .build/release/openmarket-mcp $(DESTDIR)$(PREFIX)/bin/openmarket-mcp
	install -D -m 644 docs/man/openmarket.1 $(DESTDIR)$(PREFIX)/share/man/man1/openmarket.1
	install -D -m 644 docs/completions/openmarket.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/openmarket
	install -D -m 644 docs/completions/_openmarket $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_openmarket
	install -D -m 644 docs/completions/openmarket.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/openmarket.fish

fmt:
	$(SWIFT) format --in-place --recursive Sources Tests Mocks Package.swift

clean:
	rm -rf .build
