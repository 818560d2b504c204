Feedphone.main()
