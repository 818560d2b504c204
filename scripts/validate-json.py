#!/usr/bin/env python3
"""Validates JSON files against a schema of the phone API's contract, docs/openapi.json.

    .build/python/bin/python scripts/validate-json.py '#/components/schemas/FeedDocument' FILE...

The pointer names a schema inside docs/openapi.json; its `$ref`s are resolved in that document
(JSON Schema draft 2020-12, OpenAPI 3.1's dialect). Prints how many files are valid and exits 0,
or names the first invalid file and why and exits 1. Needs jsonschema and referencing (see
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


def main(arguments):
    if len(arguments) < 2 or not arguments[0].startswith("#/"):
        print("usage: validate-json.py '#/components/schemas/NAME' FILE...", file=sys.stderr)
        return 2
    pointer, files = arguments[0], arguments[1:]
    contract = json.loads(CONTRACT.read_text(encoding="utf-8"))
    registry = Registry().with_resource(CONTRACT_URI, DRAFT202012.create_resource(contract))
    validator = Draft202012Validator({"$ref": CONTRACT_URI + pointer}, registry=registry)
    for name in files:
        error = best_match(validator.iter_errors(json.loads(pathlib.Path(name).read_bytes())))
        if error is not None:
            place = "".join(f"[{part!r}]" for part in error.absolute_path) or "the document"
            print(f"{name}: {place}: {error.message}", file=sys.stderr)
            return 1
    print(f"{len(files)} files valid against {pointer}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
