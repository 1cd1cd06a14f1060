// a new tx of dev 0 enters the mempool (no case reads it later)
>> {"jsonrpc":"2.0","id":1,"method":"eth_sendRawTransaction","params":["0x02f86d82232802843b9aca0085174876e80082520894976ea74026e726554db657fa54763abd0c3a0aa90180c001a06b80c23345e4d12bd6af529c60813c57971b7dd94faed46294ff0491967b76aca00ee4d8e11e1b1806816dcafc8892ab1a4a3047db77be5073f26b35cf39a81eae"]}
<< {"jsonrpc":"2.0","id":1,"result":"0x9c28b65b4436d35db6cda0fb702a26c900b3116bc42dab0ffde2c31ac33412b0"}
