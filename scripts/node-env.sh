# Sourced by the project's scripts: puts a Node.js >= 22.12 first on PATH.
# When the system Node is older, Node 24 is fetched from the npm registry
# (package node-linux-<arch>, which ships the binary) into .tools/node.
palabre_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
palabre_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}
if ! palabre_node_ok; then
  case "$(uname -m)" in
    x86_64) palabre_arch=x64 ;;
    aarch64|arm64) palabre_arch=arm64 ;;
    *) echo "palabre: unsupported CPU $(uname -m); install Node.js 24 yourself" >&2; exit 1 ;;
  esac
  palabre_node_dir="$palabre_root/.tools/node"
  palabre_node_bin="$palabre_node_dir/node_modules/node-linux-$palabre_arch/bin"
  if [ ! -x "$palabre_node_bin/node" ]; then
    command -v npm >/dev/null 2>&1 || { echo "palabre: npm is needed to fetch Node.js 24" >&2; exit 1; }
    echo "palabre: system Node.js is older than 22.12; fetching Node.js 24 from the npm registry into .tools/node" >&2
    mkdir -p "$palabre_node_dir"
    npm install --prefix "$palabre_node_dir" --no-save --no-package-lock --no-audit --no-fund \
      "node-linux-$palabre_arch@24" >&2
  fi
  export PATH="$palabre_node_bin:$PATH"
fi
export NODE_OPTIONS="${NODE_OPTIONS:-} --disable-warning=ExperimentalWarning"
