// Ethermint's floor: no proofs at height 2 or below
>> {"jsonrpc":"2.0","id":1,"method":"eth_getProof","params":["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",[],"0x2"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"proof queries at height <= 2 are not supported"}}
