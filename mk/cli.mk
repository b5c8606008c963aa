# The `qed` command (cli/, man page cli/qed.1).
#
#   make                 also builds $(BUILD)/qed (linked with libqed.a: it
#                        runs from the build tree; the tests use it)
#   make install         also installs $(BINDIR)/qed, linked at install time
#                        with the shared library and an rpath to $(LIBDIR),
#                        so that `qed selftest` and `qed bench` check the
#                        installed libqed.so.0 itself, and the man page
#   make test-cli        tests/cli/test_cli.py against $(BUILD)/qed-san (the
#                        tool built with ASan+UBSan) and $(BUILD)/qed; the
#                        signify interoperability part needs signify-openbsd
#                        (scripts/install-deps.sh), skipped with a notice
#                        when it is absent
#
# The tool is not under src/ (not a proof unit) but is built with the same
# warnings, against the public headers only.

CLI_SRCS     := $(sort $(wildcard cli/*.c))
CLI_HDRS     := $(wildcard cli/*.h)
CLI_CFLAGS    = -std=c11 $(WARN) -Iinclude $(CFLAGS)
BINDIR       ?= $(PREFIX)/bin
MANDIR       ?= $(PREFIX)/share/man

.PHONY: install-cli uninstall-cli test-cli
all: $(BUILD)/qed
install: install-cli
uninstall: uninstall-cli
FAMILY_CHECKS += test-cli

$(BUILD)/qed: $(CLI_SRCS) $(CLI_HDRS) $(HEADERS) $(BUILD)/libqed.a
	@mkdir -p $(@D)
	$(CC) $(CLI_CFLAGS) $(CLI_SRCS) $(BUILD)/libqed.a -o $@

# The library objects stay uninstrumented (test-sanitize covers them);
# the tool's own code runs under the sanitizers in every test.
$(BUILD)/qed-san: $(CLI_SRCS) $(CLI_HDRS) $(HEADERS) $(BUILD)/libqed.a
	@mkdir -p $(@D)
	$(CC) -std=c11 $(WARN) -Iinclude $(TESTS_SAN_FLAGS) $(CLI_SRCS) \
	  $(BUILD)/libqed.a -o $@

# Linked in the recipe, not as a file target: the rpath follows the LIBDIR
# of this make install.
install-cli: $(BUILD)/qed $(BUILD)/libqed.so
	$(CC) $(CLI_CFLAGS) $(CLI_SRCS) -L$(BUILD) -lqed -Wl,-rpath,$(LIBDIR) \
	  -o $(BUILD)/qed-install
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BUILD)/qed-install $(DESTDIR)$(BINDIR)/qed
	install -m 644 cli/qed.1 $(DESTDIR)$(MANDIR)/man1/qed.1

uninstall-cli:
	rm -f $(DESTDIR)$(BINDIR)/qed $(DESTDIR)$(MANDIR)/man1/qed.1

# The references (pycryptodome, pyskein) come from the shared virtualenv of
# mk/diff.mk, read after this file: hence make venv in the recipe.  The
# sanitizer build runs everything, the plain build the quick subset.
test-cli: $(BUILD)/qed $(BUILD)/qed-san
	+$(MAKE) --no-print-directory venv
	QED_CLI=$(BUILD)/qed-san $(VENV_PYTHON) tests/cli/test_cli.py
	QED_CLI=$(BUILD)/qed QED_CLI_QUICK=1 $(VENV_PYTHON) tests/cli/test_cli.py
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(MAKE) --no-print-directory -s install PREFIX="$$tmp" >/dev/null; \
	ldd "$$tmp/bin/qed" | grep -q "=> $$tmp/lib/libqed.so.0 " || \
	  { echo "test-cli: installed qed does not use $$tmp/lib"; exit 1; }; \
	test "$$(printf abc | "$$tmp/bin/qed" sum --untagged -a sha3-256)" = \
	  "$(TESTS_ABC)  -"; \
	"$$tmp/bin/qed" selftest >/dev/null; \
	test -f "$$tmp/share/man/man1/qed.1"; \
	$(MAKE) --no-print-directory -s uninstall PREFIX="$$tmp"; \
	test ! -e "$$tmp/bin/qed" && test ! -e "$$tmp/share/man/man1/qed.1"; \
	echo "test-cli: installed qed (shared library via rpath), SHA3-256(abc), selftest, man page, uninstall ok"
