print("feedctl")
