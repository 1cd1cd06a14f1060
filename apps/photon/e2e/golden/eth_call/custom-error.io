// mint by a non-owner reverts with Unauthorized(address)
>> {"jsonrpc":"2.0","id":1,"method":"eth_call","params":[{"from":"0x70997970C51812dc3A010C7d01b50e0d17dc79C8","to":"0x5FbDB2315678afecb367f032d93F642f64180aa3","data":"0x40c10f1900000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c80000000000000000000000000000000000000000000000000000000000000001"},"latest"]}
<< {"jsonrpc":"2.0","id":1,"error":{"code":3,"message":"execution reverted","data":"0x8e4a23d600000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8"}}
