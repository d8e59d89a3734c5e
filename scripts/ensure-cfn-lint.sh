#!/usr/bin/env bash
# Prints the command of AWS's CloudFormation linter (cfn-lint, a Python tool) for tests/infra/checks.ts,
# installing it with pip when missing. Its only source is PyPI (no Debian package); CFN_LINT names
# another command.
set -euo pipefail
if [ -n "${CFN_LINT:-}" ]; then echo "$CFN_LINT"; exit 0; fi
if command -v cfn-lint >/dev/null 2>&1; then command -v cfn-lint; exit 0; fi
echo "cfn-lint not found; installing it with pip..." >&2
pip=(python3 -m pip install --quiet --disable-pip-version-check cfn-lint)
# A system Python that refuses to be changed (PEP 668) takes it in the user's site instead.
"${pip[@]}" >&2 || "${pip[@]}" --user --break-system-packages >&2 || {
  echo "cfn-lint could not be installed: run 'pip install cfn-lint' (or 'pipx install cfn-lint'), or set CFN_LINT to its command." >&2
  exit 1
}
if command -v pyenv >/dev/null 2>&1; then pyenv rehash >&2 || true; fi
for c in "$(command -v cfn-lint || true)" \
  "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/cfn-lint" \
  "$(python3 -m site --user-base)/bin/cfn-lint"; do
  if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; exit 0; fi
done
echo "cfn-lint was installed but its command was not found: set CFN_LINT to it." >&2
exit 1
