#!/usr/bin/env python3
"""Validates JSON files against a schema of the phone API's contract, docs/openapi.json.

    .build/python/bin/python scripts/validate-json.py '#/components/schemas/FeedDocument' FILE...

The pointer names a schema inside docs/openapi.json; its `$ref`s are resolved in that document
(JSON Schema draft 2020-12, OpenAPI 3.1's dialect). Prints how many files are valid and exits 0,
or names the first invalid file and why and exits 1.

    .build/python/bin/python scripts/validate-json.py --lines

reads one JSON object a line, `{"schema": "#/…", "body": "<JSON text>"}`, and answers each with
one line: `ok`, or where and why the body is invalid (or not JSON). The HTTP tests keep one such
process for a whole run, so checking every response they see costs one Python start, not one a
response. The pointer may name any schema in the document, such as an operation's response. Needs jsonschema and referencing (see
scripts/python-requirements.txt; `scripts/setup test` installs them into .build/python).
"""

import json
import pathlib
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry
from referencing.jsonschema import DRAFT202012

CONTRACT = pathlib.Path(__file__).resolve().parent.parent / "docs" / "openapi.json"
CONTRACT_URI = "urn:accountfeed:openapi"


def problem(validator, value):
    """Where and why `value` is invalid against `validator`'s schema, or None."""
    error = best_match(validator.iter_errors(value))
    if error is None:
        return None
    place = "".join(f"[{part!r}]" for part in error.absolute_path) or "the document"
    return f"{place}: {error.message}"


def serve_lines(contract):
    """Answers `{"schema", "body"}` lines on standard input until it closes."""
    registry = Registry().with_resource(CONTRACT_URI, DRAFT202012.create_resource(contract))
    validators = {}
    for line in sys.stdin:
        request = json.loads(line)
        pointer = request["schema"]
        if pointer not in validators:
            validators[pointer] = Draft202012Validator(
                {"$ref": CONTRACT_URI + pointer}, registry=registry
            )
        try:
            body = json.loads(request["body"])
        except ValueError as error:
            print(f"the body is not JSON: {error}", flush=True)
            continue
        print(problem(validators[pointer], body) or "ok", flush=True)
    return 0


def main(arguments):
    if arguments == ["--lines"]:
        return serve_lines(json.loads(CONTRACT.read_text(encoding="utf-8")))
    if len(arguments) < 2 or not arguments[0].startswith("#/"):
        print("usage: validate-json.py '#/components/schemas/NAME' FILE... | --lines", file=sys.stderr)
        return 2
    pointer, files = arguments[0], arguments[1:]
    contract = json.loads(CONTRACT.read_text(encoding="utf-8"))
    registry = Registry().with_resource(CONTRACT_URI, DRAFT202012.create_resource(contract))
    validator = Draft202012Validator({"$ref": CONTRACT_URI + pointer}, registry=registry)
    for name in files:
        found = problem(validator, json.loads(pathlib.Path(name).read_bytes()))
        if found is not None:
            print(f"{name}: {found}", file=sys.stderr)
            return 1
    print(f"{len(files)} files valid against {pointer}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
