# dedup-games.awk — drops the second and later copies of a game from
# `triad records export --format jsonl` output, as every triad command
# does (docs/records.md): a game is identified by what determines it, so the
# fields that describe the file it came from (source, the run's length,
# its shard) are left out of the comparison.  Says how many it dropped on
# stderr, prefixed with the variable `name` (the calling script's).
{
    k = $0
    gsub(/"(source|games|shard|shards)":("[^"]*"|[0-9]+),/, "", k)
    if (seen[k]++) { dup++; next }
    print
}
END { if (dup) printf "%s: %d duplicate games dropped (the same game read twice: docs/records.md)\n", name, dup > "/dev/stderr" }
