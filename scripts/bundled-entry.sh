# Sourced by the launchers in bin/: bundled_entry NAME sets $entry to the file to run for
# src/cmd/NAME.ts. That is its bundle, dist/NAME/NAME.mjs (scripts/bundle.ts), rebuilt first, under
# a lock so that parallel starts build it once, when a file it was built from is newer (the list is
# dist/NAME/inputs); where it cannot be rebuilt (a tree it may not write, a failed build), the
# source itself, never a bundle older than the source. Needs $here (the project) and $node. It
# sets a variable rather than printing, as a $(...) would fork a shell at every start.

# Node's compile cache, on before Node reads the entry point (an entry point's own
# enableCompileCache() comes too late for itself); worker threads, such as the apiserver's storage
# writer, which runs from source, inherit it: about 30 ms of each thread's start.
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-${TMPDIR:-/tmp}/node-compile-cache}"
bundled_entry() {
  local name=$1
  local bundle="$here/dist/$name/$name.mjs" inputs="$here/dist/$name/inputs"
  # Stale when the bundle (its loader, its script) or its list is missing, or any file listed is
  # newer or gone.
  stale() {
    local newer
    [ -e "$bundle" ] && [ -e "${bundle%.mjs}.cjs" ] && [ -e "$inputs" ] || return 0
    newer=$(cd "$here" && find -files0-from "$inputs" -newer "$bundle" -print -quit 2>/dev/null) || return 0
    [ -n "$newer" ]
  }
  entry=$bundle
  stale || return 0
  if mkdir -p "$here/dist" 2>/dev/null && { exec 9>"$here/dist/.lock"; } 2>/dev/null && flock 9; then
    stale && { "$node" "$here/scripts/bundle.ts" "$name" >&2 || true; }
    exec 9>&-
  fi
  stale && entry="$here/src/cmd/$name.ts"
  return 0
}
