// Runs static/js/rest-counts.js (the quick entry's worked-out side) on cases read as JSON from stdin, for
// tests/web/test_quick_js.py. Input: [{"key": "oros", "values": [3, null]}, …], the other sides' counts of one
// key (null: not typed yet). Output: one {"left", "over"} per case, in order, as JSON on stdout.
import { restCount } from "../../static/js/rest-counts.js";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(JSON.stringify(JSON.parse(input).map((c) => restCount(c.key, c.values))));
