// the genesis balance of a dev account
>> {"jsonrpc":"2.0","id":1,"method":"eth_getBalance","params":["0x70997970C51812dc3A010C7d01b50e0d17dc79C8","0x0"]}
<< {"jsonrpc":"2.0","id":1,"result":"0xd3c21bcecceda1000000"}
