# triad — build, test, benchmark and fuzz.
#
#   make                  optimised build: bin/triad, portable (-march=x86-64-v2 on
#                         x86-64, the compiler's default elsewhere)
#   make ARCH=native      optimised for the building machine only (-march=native: may
#                         die with SIGILL on another node); ARCH=x86-64-v3 and the
#                         like pick another -march.  Each ARCH builds in its own
#                         build/release-ARCH, so switching never mixes objects
#   make test             the whole suite (unit tests and command-line tests, side
#                         by side on nproc workers, TRIAD_TEST_JOBS=N for another
#                         number; each part's log in build/VARIANT/test-logs: tests/run.sh)
#   make test SAN=1       the same under AddressSanitizer + UBSan, with the
#                         debug re-derivation of incremental state after every action
#   make bench            perft and search speed, and the signatures: perft leaf
#                         count, search node count, engine signature.  Each game
#                         pins them in its bench table (game_bench.pins; checked
#                         by tests/test_bench.c and tests/cli.sh): a change to
#                         move generation, evaluation or search that changes them
#                         updates the pinned values in the same commit and says so
#                         in its message (docs/performance.md, "Signatures")
#   make fuzz             libFuzzer on the parsers, the records reader and the
#                         LittleGolem importer (clang), FUZZ_SECONDS each
#   make fuzz-ci          the same for FUZZ_RUNS inputs each (the CI-sized run)
#   make install PREFIX=/opt/triad   (make uninstall PREFIX=... removes it)
#   make python           libtriad.so where python/triad finds it (below)

CC      ?= cc
PREFIX  ?= /usr/local
SAN     ?= 0
DEBUG   ?= 0
ARCH    ?= portable
# ARCH from the environment is ignored: it often names the CPU family
# (ARCH=x86_64, ARCH=arm64), not a -march; give it on make's command line.
ifeq ($(origin ARCH),environment)
  ARCH = portable
endif
FUZZ_SECONDS ?= 60

# The portable default: x86-64-v2 (SSE4.2, POPCNT: every x86-64 server since
# about 2009) where uname -m says x86_64, and no -march elsewhere.
ifeq ($(shell uname -m),x86_64)
  PORTABLE_MARCH = -march=x86-64-v2
else
  PORTABLE_MARCH =
endif

CPPFLAGS += -I. -D_POSIX_C_SOURCE=200809L -MMD -MP
CFLAGS_BASE = -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
LDLIBS  += -lgsl -lgslcblas -lz -lpthread -lm

ifeq ($(SAN),1)
  VARIANT = san
  CFLAGS_OPT = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -DTRIAD_DEBUG
  LDFLAGS += -fsanitize=address,undefined
  # The executables (not libtriad.so, whose host brings the runtime) link
  # the sanitizer runtimes statically and are not position-independent.
  # The test suite starts a few thousand of them, and each exit's leak check
  # scanned the shared libasan's and libubsan's 12 MB of globals page by
  # page, while a PIE's start relocated the instrumented data: triad help
  # went from 5,538 page faults and ~110 ms of CPU to 2,716 and ~55 ms.
  # What the sanitizers find is the same.
  EXE_LDFLAGS = -no-pie -static-libasan -static-libubsan
else ifeq ($(DEBUG),1)
  VARIANT = debug
  CFLAGS_OPT = -O1 -g -DTRIAD_DEBUG
else ifeq ($(ARCH),portable)
  VARIANT = release
  CFLAGS_OPT = -O3 $(PORTABLE_MARCH) -gdwarf-4
else
  VARIANT = release-$(subst -march=,,$(ARCH))
  CFLAGS_OPT = -O3 -march=$(subst -march=,,$(ARCH)) -gdwarf-4
endif
CFLAGS ?=
# -fPIC -fvisibility=hidden: one set of objects for bin/triad and libtriad
# (the libtriad block at the end says why).
ALL_CFLAGS = $(CFLAGS_BASE) -fPIC -fvisibility=hidden $(CFLAGS_OPT) $(CFLAGS)

BUILD    = build/$(VARIANT)
# The registry's list of games, build/games.c: engine/games.sh writes it from
# the GAME_REGISTER line in each game's folder (engine/game.h), as the
# Makefile is read and only when its text changes (never under -n, -q), so a
# new folder under engine/ is a new game with no other file edited.  One
# file for every variant (its text is the tree's, not the flags'); a tree
# without engine/ (the Makefile's own test) has none.
# A game folder's own tests, engine/FOLDER/tests/*.c, join the unit binary
# the same way (build/game_tests.c, from their GAME_TESTS lines: tests/check.h),
# and its fuzz seeds, engine/FOLDER/fuzz/, the fuzzers' corpora.
GAMES_C  = $(if $(wildcard engine/game.h),build/games.c)
GAME_TESTS_C = $(if $(GAMES_C),build/game_tests.c)
GAME_TEST_SRC = $(sort $(wildcard engine/*/tests/*.c))
ifneq (,$(GAMES_C))
ifeq (,$(findstring n,$(firstword -$(MAKEFLAGS)))$(findstring q,$(firstword -$(MAKEFLAGS))))
$(shell mkdir -p build && sh engine/games.sh $(GAMES_C) $(sort $(wildcard engine/*/*.c)) && \
    sh engine/games.sh --tests $(GAME_TESTS_C) $(GAME_TEST_SRC))
endif
endif
LIB_SRC  = $(wildcard core/*.c engine/*.c engine/*/*.c records/*.c selfplay/*.c eval/*.c view/*.c) $(GAMES_C)
CLI_SRC  = $(wildcard cli/*.c)
TEST_SRC = $(wildcard tests/*.c) $(GAME_TEST_SRC) $(GAME_TESTS_C)
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)
TRIAD    = $(BUILD)/triad
TESTS    = $(BUILD)/triad-tests

.PHONY: all test bench fuzz install clean
all: bin/triad
ifneq (,$(GAMES_C))
$(GAMES_C) $(GAME_TESTS_C): ;
endif

# What each build folder was compiled with ($(BUILD)/flags) and which one
# bin/triad holds (build/bin-variant), written as the Makefile is read and
# only when their text changes: a new CFLAGS rebuilds the objects, and
# asking for another variant (make SAN=1, then make) copies that variant's
# binary even when it is older than bin/triad.  A plain make always leaves
# the portable release in bin/triad.  (Written when read, not by a rule, so
# that make -n and make -q stay truthful; under those two nothing is written,
# and a missing file counts as changed.)
BUILD_FLAGS = $(CC) $(CPPFLAGS) $(ALL_CFLAGS) | $(LDFLAGS) $(EXE_LDFLAGS) $(LDLIBS)
ifeq (,$(findstring n,$(firstword -$(MAKEFLAGS)))$(findstring q,$(firstword -$(MAKEFLAGS))))
$(shell mkdir -p $(BUILD) && { echo '$(BUILD_FLAGS)' | cmp -s - $(BUILD)/flags || \
    echo '$(BUILD_FLAGS)' >$(BUILD)/flags; } && { echo '$(TRIAD)' | cmp -s - build/bin-variant || \
    echo '$(TRIAD)' >build/bin-variant; })
endif
$(BUILD)/flags build/bin-variant: ;

# Copied then renamed, so that a rebuild replaces bin/triad even while a
# long run is executing it (cp onto a running binary fails: "Text file busy").
bin/triad: $(TRIAD) build/bin-variant
	@mkdir -p bin
	cp $< $@.tmp && mv -f $@.tmp $@

$(TRIAD): $(LIB_OBJ) $(CLI_OBJ) $(BUILD)/flags
	$(CC) $(LDFLAGS) $(EXE_LDFLAGS) -o $@ $(LIB_OBJ) $(CLI_OBJ) $(LDLIBS)

$(TESTS): $(LIB_OBJ) $(TEST_OBJ) $(BUILD)/flags
	$(CC) $(LDFLAGS) $(EXE_LDFLAGS) -o $@ $(LIB_OBJ) $(TEST_OBJ) $(LDLIBS)

$(BUILD)/%.o: %.c $(BUILD)/flags
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

test: $(TRIAD) $(TESTS)
	tests/run.sh $(BUILD)

bench: bin/triad
	bin/triad bench

# libFuzzer needs clang.  Five harnesses (tests/fuzz/fuzz_NAME.c): TZAAR's
# position and action parsers, the records reader, the LittleGolem importer,
# and every registered game's text parsers (game_text, over game_list()).
# The library sources they reach (core/, engine/, records/, selfplay/) are
# compiled once into build/fuzz/obj and linked into each, with zlib.
#
# make fuzz: each target runs FUZZ_SECONDS and keeps its corpus in
# build/fuzz/corpus-NAME (seeded from tests/fuzz/seeds and each game folder's
# fuzz/, FUZZ_SEEDS).  Output goes to
# build/fuzz/fuzz-NAME.log.  Every target runs; then make fails if any fuzzer
# reported a crash, failed check, sanitizer error, timeout or leak, leaving the
# input in build/fuzz/fuzz-NAME-crash-* (reproduce: build/fuzz/fuzz-NAME FILE).
# make fuzz-ci: the CI-sized run, FUZZ_RUNS inputs per target from the seeds
# alone (fixed -seed, a fresh corpus each time), one "ok"/"not ok" line per
# target and "N passed, N failed" (scripts/test.sh runs it).
# POSIX sh only (no pipes, so no PIPESTATUS).  FUZZ_CC picks the compiler,
# FUZZ_CFLAGS adds flags (a change rebuilds), FUZZ_ARGS adds libFuzzer
# options.  See docs/fuzzing.md.
FUZZ_TARGETS = position action records littlegolem game_text net
FUZZ_CC     ?= clang
FUZZ_CFLAGS ?=
FUZZ_ARGS   ?=
FUZZ_RUNS   ?= 20000
# fuzz-ci bounds the records fuzzer's inputs: left to grow to the 8 KB seed's
# size (200 games, each decoded with every incremental check), its 20,000
# inputs took 41 s alone and 80-180 s CPU beside the other phases, varying
# with how large the inputs grew; at 4 KB they take 9 s and reach as much
# coverage (979 edges against 969).  make fuzz leaves the size free.
FUZZ_CI_RECORDS_LEN ?= 4096
# Every network input is a whole file of tens of thousands of parameters
# (a game's features times the accumulator), about 3 ms each under the
# sanitizers: fuzz-ci runs 5,000 of them (15 s) rather than 20,000.
FUZZ_CI_NET_RUNS ?= 5000
FUZZ_DIR     = build/fuzz
FUZZ_SEEDS   = $(wildcard engine/*/fuzz)
FUZZ_SRC     = $(wildcard core/*.c engine/*.c engine/*/*.c records/*.c selfplay/*.c) $(GAMES_C)
FUZZ_OBJ     = $(FUZZ_SRC:%.c=$(FUZZ_DIR)/obj/%.o)
FUZZ_SAN     = -fno-omit-frame-pointer -fno-sanitize-recover=all
# The fuzzers re-derive the incremental state after every make and unmake
# (DBG_STRIDE=1, core/debug.h): one process runs many inputs, and sampling
# would leave most of them unchecked.
FUZZ_FLAGS   = $(CFLAGS_BASE) $(filter-out -MMD -MP,$(CPPFLAGS)) -DTRIAD_DEBUG -DDBG_STRIDE=1 -g -O1 $(FUZZ_SAN)
FUZZ_BINS    = $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz-%)

.PHONY: fuzz-force fuzz-ci
$(FUZZ_DIR)/flags: fuzz-force
	@mkdir -p $(FUZZ_DIR)
	@echo '$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_CFLAGS)' | cmp -s - $@ || \
	  echo '$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_CFLAGS)' >$@

$(FUZZ_DIR)/obj/%.o: %.c $(FUZZ_DIR)/flags
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link,address,undefined $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<

$(FUZZ_DIR)/fuzz-%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ) $(FUZZ_DIR)/flags
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer,address,undefined $(FUZZ_CFLAGS) -MMD -MP -o $@ $< $(FUZZ_OBJ) -lz -lpthread -lm

fuzz: $(FUZZ_BINS)
	@failed=; for t in $(FUZZ_TARGETS); do \
	  corpus=$(FUZZ_DIR)/corpus-$$t; log=$(FUZZ_DIR)/fuzz-$$t.log; \
	  mkdir -p $$corpus || exit 1; \
	  echo "fuzz-$$t: $(FUZZ_SECONDS) s, log $$log"; \
	  $(FUZZ_DIR)/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 \
	    -artifact_prefix=$(FUZZ_DIR)/fuzz-$$t- $(FUZZ_ARGS) $$corpus tests/fuzz/seeds $(FUZZ_SEEDS) >$$log 2>&1; \
	  rc=$$?; \
	  grep -E '^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)|ERROR|SUMMARY|Test unit written|^fuzz_' $$log; \
	  if [ $$rc -eq 0 ]; then echo "fuzz-$$t: ok, corpus $$(ls $$corpus | wc -l) files"; \
	  else echo "fuzz-$$t: FAILED (exit status $$rc), see $$log"; failed="$$failed $$t"; fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failures in:$$failed" >&2; exit 1; fi

fuzz-ci: $(FUZZ_BINS)
	@passed=0; failed=0; for t in $(FUZZ_TARGETS); do \
	  corpus=$(FUZZ_DIR)/ci-corpus-$$t; log=$(FUZZ_DIR)/fuzz-ci-$$t.log; \
	  rm -rf $$corpus; mkdir -p $$corpus || exit 1; \
	  case $$t in records) len=-max_len=$(FUZZ_CI_RECORDS_LEN) ;; *) len= ;; esac; \
	  case $$t in net) runs=$(FUZZ_CI_NET_RUNS) ;; *) runs=$(FUZZ_RUNS) ;; esac; \
	  $(FUZZ_DIR)/fuzz-$$t -runs=$$runs -seed=1 -timeout=10 -print_final_stats=1 $$len \
	    -artifact_prefix=$(FUZZ_DIR)/fuzz-$$t- $(FUZZ_ARGS) $$corpus tests/fuzz/seeds $(FUZZ_SEEDS) >$$log 2>&1; \
	  rc=$$?; \
	  if [ $$rc -eq 0 ]; then passed=$$((passed + 1)); \
	    echo "ok - fuzz-$$t: $$runs runs, no finding"; \
	  else failed=$$((failed + 1)); \
	    echo "not ok - fuzz-$$t: exit status $$rc, see $$log"; \
	    grep -E 'ERROR|SUMMARY|Test unit written|^fuzz_' $$log | head -20; fi; \
	done; \
	echo "$$passed passed, $$failed failed"; [ $$failed -eq 0 ]

# Named only by a pattern rule, the objects would count as intermediate and
# be deleted after each link: every make fuzz-ci would rebuild them all.
.SECONDARY: $(FUZZ_OBJ)

-include $(FUZZ_OBJ:.o=.d) $(FUZZ_BINS:=.d)

install: bin/triad
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/triad
	install -m 755 bin/triad $(DESTDIR)$(PREFIX)/bin/triad
	cp -R data $(DESTDIR)$(PREFIX)/share/triad/
	cp -R docs $(DESTDIR)$(PREFIX)/share/triad/

clean:
	rm -rf build bin
	rm -f python/triad/libtriad.so

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_OBJ:.o=.d)

# ---- libtriad, the man page and completion, install (kept apart from the
# blocks above so that changes there merge easily) ----
#
# libtriad.a and libtriad.so (include/triad.h, api/; docs/library.md) are
# core/, engine/, records/, selfplay/ and api/.  Every object is compiled once, with
# -fPIC -fvisibility=hidden (in ALL_CFLAGS above, so that $(BUILD)/flags
# holds them), and bin/triad, the tests and both libraries link the same
# objects: Debian's gcc builds position-independent executables anyway
# (-fPIE), and hidden visibility gives -fPIC the same direct calls and data
# accesses as -fPIE (perft and search run the same number of instructions:
# docs/performance.md).  Only include/triad.h's triad_* functions are
# exported from libtriad.so; libtriad.a is one relocatable object with
# everything else made local (objcopy --localize-hidden), so a program
# linking it meets no other name of triad's.
# The version is VERSION's; --version and triad_version() also say the git
# commit and the flags: $(BUILD)/version.h, written as the Makefile is read
# and only when its text changes, as $(BUILD)/flags is (never under -n, -q).
VERSION    := $(shell cat VERSION 2>/dev/null || echo 0.0.0)
SOVERSION   = 1
CPPFLAGS   += -I$(BUILD)
LDLIBS     += -ldl
LIB_LDLIBS  = -lz -lpthread -lm -ldl
API_SRC     = $(wildcard api/*.c)
API_OBJ     = $(API_SRC:%.c=$(BUILD)/%.o)
LIBTRIAD_OBJ = $(patsubst %.c,$(BUILD)/%.o,$(wildcard core/*.c engine/*.c engine/*/*.c records/*.c selfplay/*.c) $(GAMES_C)) $(API_OBJ)
LIBTRIAD_A  = $(BUILD)/libtriad.a
LIBTRIAD_SO = $(BUILD)/libtriad.so.$(SOVERSION)
API_TESTS   = $(BUILD)/triad-api-test $(BUILD)/triad-api-test-static
GIT_COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)
H := \#
VERSION_H = $(H)define TRIAD_VERSION "$(VERSION)"\n$(H)define TRIAD_GIT_COMMIT "$(GIT_COMMIT)"\n$(H)define TRIAD_BUILD_FLAGS "$(VARIANT): $(CC) $(ALL_CFLAGS)"\n
ifeq (,$(findstring n,$(firstword -$(MAKEFLAGS)))$(findstring q,$(firstword -$(MAKEFLAGS))))
$(shell mkdir -p $(BUILD) && { printf '$(VERSION_H)' | cmp -s - $(BUILD)/version.h || printf '$(VERSION_H)' >$(BUILD)/version.h; })
endif
$(BUILD)/version.h: ;
$(BUILD)/api/triad.o $(BUILD)/cli/cmd_version.o $(BUILD)/cli/cmd_doc.o: $(BUILD)/version.h

.PHONY: lib python man install-lib uninstall
# (A tree without api/, such as the Makefile's own test in tests/cli_scripts.sh,
# builds bin/triad alone.)
ifneq (,$(API_SRC))
all: $(LIBTRIAD_A) $(LIBTRIAD_SO) $(BUILD)/triad.1 $(BUILD)/triad.bash
test: $(LIBTRIAD_SO) $(API_TESTS)
endif
lib: $(LIBTRIAD_A) $(LIBTRIAD_SO)
man: $(BUILD)/triad.1 $(BUILD)/triad.bash

$(LIBTRIAD_A): $(LIBTRIAD_OBJ)
	rm -f $@ $(BUILD)/libtriad-all.o
	$(LD) -r -o $(BUILD)/libtriad-all.o $^
	objcopy --localize-hidden $(BUILD)/libtriad-all.o
	ar rcs $@ $(BUILD)/libtriad-all.o

$(LIBTRIAD_SO): $(LIBTRIAD_OBJ)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libtriad.so.$(SOVERSION) -o $@ $^ $(LIB_LDLIBS)
	ln -sf libtriad.so.$(SOVERSION) $(BUILD)/libtriad.so

# The C API's test, once against libtriad.so (only the exported names
# link) and once against libtriad.a with the libraries pkg-config names.
$(BUILD)/triad-api-test: tests/api/test_api.c include/triad.h $(LIBTRIAD_SO)
	$(CC) -Iinclude $(CFLAGS_BASE) $(CFLAGS_OPT) -o $@ $< -L$(BUILD) -l:libtriad.so.$(SOVERSION) -Wl,-rpath,'$$ORIGIN' $(LDFLAGS)
$(BUILD)/triad-api-test-static: tests/api/test_api.c include/triad.h $(LIBTRIAD_A)
	$(CC) -Iinclude $(CFLAGS_BASE) $(CFLAGS_OPT) -o $@ $< $(LIBTRIAD_A) $(LIB_LDLIBS) $(LDFLAGS)

# The man page and bash completion come from the option tables themselves
# (triad help --man, --completion: cli/opts.c), so they cannot drift.
$(BUILD)/triad.1: $(TRIAD)
	$(TRIAD) help --man >$@.tmp && mv -f $@.tmp $@
$(BUILD)/triad.bash: $(TRIAD)
	$(TRIAD) help --completion >$@.tmp && mv -f $@.tmp $@

# python/triad (ctypes, Debian's python3 alone) loads libtriad.so from its
# own folder: PYTHONPATH=python python3 -c 'import triad'.
python: $(LIBTRIAD_SO)
	cp $(LIBTRIAD_SO) python/triad/libtriad.so.tmp && mv -f python/triad/libtriad.so.tmp python/triad/libtriad.so

LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR     ?= $(PREFIX)/share/man
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
# The recipes below use these paths as shell words, unquoted: a space would
# split one into two (install -d made stray folders in the checkout, and
# uninstall ran rm -rf on the wrong words), and a quote, `, $ or \ would be
# read by the shell.  Rather than quote every word, install and uninstall
# refuse such a path before anything runs (make's own error: exit status 2).
INSTALL_VARS = DESTDIR PREFIX LIBDIR INCLUDEDIR MANDIR COMPLETIONDIR
install_sq := '
install_dq := "
install_bad = $(strip $(foreach v,$(INSTALL_VARS),$(if $(or $(word 2,$($(v))),$(findstring $(install_sq),$($(v))),\
  $(findstring $(install_dq),$($(v))),$(findstring `,$($(v))),$(findstring $$,$($(v))),$(findstring \,$($(v)))),$(v))))
ifneq (,$(filter install install-lib uninstall,$(MAKECMDGOALS)))
ifneq (,$(install_bad))
$(error $(firstword $(install_bad))='$($(firstword $(install_bad)))' holds a space or one of ' " ` $$ \ \
  (make install and uninstall would run on the wrong words): give a path without them)
endif
endif
install: install-lib
install-lib: $(LIBTRIAD_A) $(LIBTRIAD_SO) $(BUILD)/triad.1 $(BUILD)/triad.bash
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(COMPLETIONDIR)
	install -m 644 $(LIBTRIAD_A) $(DESTDIR)$(LIBDIR)/libtriad.a
	install -m 755 $(LIBTRIAD_SO) $(DESTDIR)$(LIBDIR)/libtriad.so.$(VERSION)
	ln -sf libtriad.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libtriad.so.$(SOVERSION)
	ln -sf libtriad.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libtriad.so
	install -m 644 include/triad.h $(DESTDIR)$(INCLUDEDIR)/triad.h
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' \
	  triad.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/triad.pc
	install -m 644 $(BUILD)/triad.1 $(DESTDIR)$(MANDIR)/man1/triad.1
	install -m 644 $(BUILD)/triad.bash $(DESTDIR)$(COMPLETIONDIR)/triad

# Removes exactly what make install put there (the same PREFIX and DESTDIR).
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/triad
	rm -rf $(DESTDIR)$(PREFIX)/share/triad
	rm -f $(DESTDIR)$(LIBDIR)/libtriad.a $(DESTDIR)$(LIBDIR)/libtriad.so $(DESTDIR)$(LIBDIR)/libtriad.so.$(SOVERSION) \
	  $(DESTDIR)$(LIBDIR)/libtriad.so.$(VERSION) $(DESTDIR)$(LIBDIR)/pkgconfig/triad.pc \
	  $(DESTDIR)$(INCLUDEDIR)/triad.h $(DESTDIR)$(MANDIR)/man1/triad.1 $(DESTDIR)$(COMPLETIONDIR)/triad

-include $(API_OBJ:.o=.d)
