# triad — build, test, benchmark and fuzz.
#
#   make                  optimised build: bin/triad
#   make test             the whole suite (unit tests, then the command-line tests)
#   make test SAN=1       the same under AddressSanitizer + UBSan, with the
#                         debug re-derivation of incremental state after every action
#   make bench            perft speed and the node-count signature
#   make fuzz             libFuzzer on the position and action parsers (clang)
#   make install PREFIX=/opt/triad

CC      ?= cc
PREFIX  ?= /usr/local
SAN     ?= 0
DEBUG   ?= 0
ARCH    ?= -march=native
FUZZ_SECONDS ?= 60

CPPFLAGS += -D_POSIX_C_SOURCE=200809L -MMD -MP
CFLAGS_BASE = -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
LDLIBS  += -lpthread -lm

ifeq ($(SAN),1)
  VARIANT = san
  CFLAGS_OPT = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all -DTRIAD_DEBUG
  LDFLAGS += -fsanitize=address,undefined
else ifeq ($(DEBUG),1)
  VARIANT = debug
  CFLAGS_OPT = -O1 -g -DTRIAD_DEBUG
else
  VARIANT = release
  CFLAGS_OPT = -O3 $(ARCH) -g
endif
CFLAGS ?=
ALL_CFLAGS = $(CFLAGS_BASE) $(CFLAGS_OPT) $(CFLAGS)

BUILD    = build/$(VARIANT)
LIB_SRC  = $(wildcard engine/*.c selfplay/*.c eval/*.c)
CLI_SRC  = $(wildcard cli/*.c)
TEST_SRC = $(wildcard tests/*.c)
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)
TRIAD    = $(BUILD)/triad
TESTS    = $(BUILD)/triad-tests

.PHONY: all test bench fuzz install clean
all: bin/triad

bin/triad: $(TRIAD)
	@mkdir -p bin
	cp $< $@

$(TRIAD): $(LIB_OBJ) $(CLI_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(TESTS): $(LIB_OBJ) $(TEST_OBJ)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

test: $(TRIAD) $(TESTS)
	tests/run.sh $(BUILD)

bench: bin/triad
	bin/triad bench

# libFuzzer needs clang; each target runs FUZZ_SECONDS and keeps its corpus
# in build/fuzz/corpus-NAME (seeded from tests/fuzz/seeds).
FUZZ_TARGETS = position action
fuzz:
	@mkdir -p build/fuzz
	@for t in $(FUZZ_TARGETS); do \
	  clang $(CFLAGS_BASE) $(CPPFLAGS) -g -O1 -fsanitize=fuzzer,address,undefined \
	    -o build/fuzz/fuzz-$$t tests/fuzz/fuzz_$$t.c $(wildcard engine/*.c) -lpthread -lm || exit 1; \
	  mkdir -p build/fuzz/corpus-$$t; \
	  echo "fuzz-$$t: $(FUZZ_SECONDS) s"; \
	  build/fuzz/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    build/fuzz/corpus-$$t tests/fuzz/seeds 2>&1 | grep -E "stat::number_of_executed_units|stat::new_units_added|ERROR|SUMMARY|crash" ; \
	  test $${PIPESTATUS[0]:-0} -eq 0 || exit 1; \
	done

install: bin/triad
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/triad
	install -m 755 bin/triad $(DESTDIR)$(PREFIX)/bin/triad
	cp -R data $(DESTDIR)$(PREFIX)/share/triad/
	cp -R docs $(DESTDIR)$(PREFIX)/share/triad/

clean:
	rm -rf build bin

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_OBJ:.o=.d)
