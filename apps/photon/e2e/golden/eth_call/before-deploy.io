// the token address before its deployment has no code
>> {"jsonrpc":"2.0","id":1,"method":"eth_call","params":[{"to":"0x5FbDB2315678afecb367f032d93F642f64180aa3","data":"0x70a0823100000000000000000000000090f79bf6eb2c4f870365e785982e1f101e93b906"},"0x1"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x"}
