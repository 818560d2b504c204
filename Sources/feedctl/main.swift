import CMalloc

// glibc hands freed memory at the top of its heap back to the kernel once more than 128 KB of
// it is free, and takes it back, page fault by page fault, at the next allocation. A `show`
// of 100,000 accounts frees a query result of 2 KB blocks just before it builds the document,
// and did that 13,800 times (37,900 page faults, a fifth of its CPU time in the kernel). These
// settings keep up to 64 MB free in the process instead, grow the heap 16 MB at a time, and
// serve blocks up to 32 MB from the heap (the most glibc's own adaptive limit would reach), so
// a large array that grows reuses memory freed before it instead of mapping new pages.
mallopt(M_TRIM_THRESHOLD, 64 << 20)
mallopt(M_TOP_PAD, 16 << 20)
mallopt(M_MMAP_THRESHOLD, 32 << 20)

Feedctl.main()
