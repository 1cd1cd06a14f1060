// the keystore holds no key of the sender
>> {"jsonrpc":"2.0","id":1,"method":"eth_resend","params":[{"from":"0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266","to":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","value":"0x1","nonce":"0x0"},"0x174876e800"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"transaction from 0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266 with nonce 0 not found"}}
