print("feedbench")
