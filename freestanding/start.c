/* Program entry of the freestanding test (no C library, no crt files):
 * align the stack, run fs_main, and leave through the raw exit system
 * call with its result as the status.  One entry per architecture the
 * freestanding build targets: x86-64 (run natively by make freestanding)
 * and RISC-V (run under qemu-riscv32 when it is installed). */
int fs_main(void);

/* __amd64__, not __x86_64__: the x86-64 build undefines __x86_64__ so that
 * the library compiles as for a target without the x86 backends. */
#if defined(__amd64__)
__asm__(".text\n"
        ".globl _start\n"
        "_start:\n"
        "  xor %ebp, %ebp\n"
        "  and $-16, %rsp\n"
        "  call fs_main\n"
        "  mov %eax, %edi\n"
        "  mov $60, %eax\n" /* exit */
        "  syscall\n"
        "  hlt\n");
#elif defined(__riscv)
__asm__(".text\n"
        ".globl _start\n"
        "_start:\n"
        "  .option push\n"
        "  .option norelax\n"
        "  la gp, __global_pointer$\n"
        "  .option pop\n"
        "  andi sp, sp, -16\n"
        "  call fs_main\n"
        "  li a7, 93\n" /* exit */
        "  ecall\n"
        "1: j 1b\n");
#else
#error "freestanding/start.c: no entry for this architecture"
#endif
