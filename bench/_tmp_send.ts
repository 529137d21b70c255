import { benchBatchSending } from '/work/main/bench/batchSend';
const f = await benchBatchSending();
for (const x of f.figures) console.log(x.name, x.value.toFixed(2), x.unit);
