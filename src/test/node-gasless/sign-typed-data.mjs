// Signs Junction's gasless typed data exactly as an integrator's wallet code does with ethers v6:
//   wallet.signTypedData(eip712.domain, eip712.types, eip712.message)
// Input (stdin): the JSON of one /gasless/quote item, or of its `eip712` object. Argument: the private key (0x-hex).
// Output (stdout): {"signature": "0x...", "signer": "0x...", "digest": "0x..."}.
import { Wallet, TypedDataEncoder } from "ethers";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const eip712 = input.eip712 ?? input;
const wallet = new Wallet(process.argv[2]);
const { domain, types, message } = eip712;
// ethers throws when types contains EIP712Domain: Junction's types must not.
const signature = await wallet.signTypedData(domain, types, message);
const digest = TypedDataEncoder.hash(domain, types, message);
process.stdout.write(JSON.stringify({ signature, signer: wallet.address, digest }) + "\n");
