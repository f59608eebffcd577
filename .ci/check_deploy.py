"""CI's check of the deploy files, run with a virtual environment holding kubernetes-validate:

* every document of ``deploy/kubernetes/*.yaml`` parses and validates against the Kubernetes
  schemas (``kubernetes-validate``, strict: unknown fields are errors);
* ``deploy/compose.yaml`` validates against the Compose Specification's JSON schema
  (``.ci/compose_spec.json``: the schema as shipped in docker-compose 1.29.2's wheel, Apache-2.0).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import kubernetes_validate
import yaml

ROOT = Path(__file__).resolve().parent.parent
KUBERNETES_VERSION = "1.34.0"


def main() -> int:
    checked = 0
    for path in sorted((ROOT / "deploy" / "kubernetes").glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            if doc is None:
                continue
            kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)
            checked += 1
            print(f"{path.relative_to(ROOT)}: {doc['kind']} {doc['metadata']['name']} valid")
    assert checked, "no Kubernetes documents found"
    schema = json.loads((ROOT / ".ci" / "compose_spec.json").read_text())
    compose = yaml.safe_load((ROOT / "deploy" / "compose.yaml").read_text())
    jsonschema.validate(compose, schema, cls=jsonschema.Draft7Validator)
    print(f"deploy/compose.yaml: {len(compose['services'])} services, valid against the Compose"
          " Specification schema")
    return 0


if __name__ == "__main__":
    sys.exit(main())
