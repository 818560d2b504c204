# The README's two commands. Each first installs what this machine lacks (scripts/setup), so
# they work on a fresh machine; on one that has the libraries, `swift run feedctl demo` and
# `swift test` do the same without the checks.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -ec
.PHONY: demo test

# The seed's "내 계좌" feed on the embedded PostgreSQL.
demo:
	@scripts/setup build
	swift run feedctl demo

# Everything CI checks (.ci/run runs exactly this): a build without warnings, formatting, and
# the whole test suite, which starts and stops its own PostgreSQL.
test:
	@scripts/setup test
	mkdir -p .build
	swift build --build-tests 2>&1 | tee .build/accountfeed-build.log
	@if grep -q "warning:" .build/accountfeed-build.log; then \
	  echo "make test: the build has warnings" >&2; exit 1; fi
	swift format lint --strict --recursive Package.swift Sources Tests Plugins
	swift test
