// Runs static/js/setenta-sum.js (the setenta of the best cards tapped) on cases read as JSON from stdin, for
// tests/web/test_setenta_js.py. Input: [[{"suit": "o", "value": 7}, …], …], one side's best cards per case.
// Output: each case's sum, in order, as JSON on stdout.
import { chosenSum } from "../../static/js/setenta-sum.js";

let input = "";
process.stdin.setEncoding("utf8");
for await (const chunk of process.stdin) input += chunk;
process.stdout.write(JSON.stringify(JSON.parse(input).map((cards) => chosenSum(cards))));
