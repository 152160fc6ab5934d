// No interface: the target exists for its resource bundle (see resources.c).
